import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Notices, Order } from '@app/contracts';
import { MONEY_TAGS, selectIsLoggedIn, useAppDispatch, useAppSelector, userApi } from '@app/api-client';
import { useToast } from '@app/ui';
import { useFormatters } from '@app/i18n/client';

/** How often an open page asks what happened: a fired alert or a result is on screen within this. */
export const NOTICE_POLL_MS = 3000;

const noticesApi = userApi.injectEndpoints({
  endpoints: (build) => ({
    getNotices: build.query<Notices, { after?: number; since?: number }>({
      query: (cursor) => ({ url: '/api/user/notices', params: cursor }),
    }),
  }),
});

/**
 * Tells the signed-in user, on whatever page is open, of each fired price alert, settled order and deposit or
 * withdrawal decision, as a toast that links to it. Asks only while the page is visible; the first answer is only
 * a cursor, so nothing from before the page opened is shown.
 */
export function NoticeWatcher() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const toast = useToast();
  const { t } = useTranslation();
  const f = useFormatters();
  // The latest texts and formatters, read by the timer without restarting it on a change of language.
  const show = useRef<(n: Notices) => void>(() => {});
  show.current = (n: Notices) => {
    if (!toast.notice) return;
    for (const m of n.messages)
      toast.notice({ title: m.title, body: m.body, href: m.link, dismissLabel: t('notices.dismiss') });
    for (const o of n.results) toast.notice(resultNotice(o));
  };
  const resultNotice = (o: Order) => {
    const pnl = o.pnl ?? '0';
    const negative = pnl.startsWith('-');
    const title =
      o.result === 'draw'
        ? t('notices.draw', { symbol: o.symbol })
        : t(negative ? 'notices.lost' : 'notices.won', {
            symbol: o.symbol,
            amount: f.money(negative ? pnl.slice(1) : pnl),
          });
    const body = t('notices.body', { stake: f.money(o.amount), payout: f.money(o.payout ?? '0') });
    return {
      title: o.mode === 'practice' ? `${t('notices.practice')} · ${title}` : title,
      body,
      href: `#/pages/user/order?id=${o.id}`,
      dismissLabel: t('notices.dismiss'),
      tone: o.result === 'win' ? ('good' as const) : o.result === 'loss' ? ('bad' as const) : ('info' as const),
    };
  };

  useEffect(() => {
    if (!loggedIn) return;
    let cursor: { after?: number; since?: number } = {};
    // A result is told once even though consecutive looks overlap (see the server's RESULT_OVERLAP_MS).
    const told = new Set<number>();
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      if (document.visibilityState === 'visible') {
        const request = dispatch(
          noticesApi.endpoints.getNotices.initiate(cursor, { subscribe: false, forceRefetch: true }),
        );
        const answer = await request;
        if (stopped) return;
        if (answer.data) {
          const fresh = { ...answer.data, results: answer.data.results.filter((o) => !told.has(o.id)) };
          for (const o of fresh.results) told.add(o.id);
          if (told.size > 500) told.clear();
          cursor = { after: answer.data.after, since: answer.data.since };
          if (fresh.messages.length || fresh.results.length) {
            show.current(fresh);
            // What the news is about is on other screens too: balances, lists, the unread badge.
            dispatch(userApi.util.invalidateTags(['Inbox', ...MONEY_TAGS]));
          }
        }
      }
      if (!stopped) timer = setTimeout(() => void ask(), NOTICE_POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [loggedIn, dispatch]);
  return null;
}
