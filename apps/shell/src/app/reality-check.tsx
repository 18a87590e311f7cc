import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Reality } from '@app/contracts';
import { sessionEnded, selectIsLoggedIn, useAppDispatch, useAppSelector, userApi } from '@app/api-client';
import { Button, Dialog } from '@app/ui';
import { useFormatters } from '@app/i18n/client';
import styles from './reality-check.module.css';

const realityApi = userApi.enhanceEndpoints({ addTagTypes: ['Limits'] }).injectEndpoints({
  endpoints: (build) => ({
    // 'Limits': a change of the interval or the session length on the Limits page is read again at once.
    getReality: build.query<Reality, void>({ query: () => ({ url: '/api/user/reality' }), providesTags: ['Limits'] }),
    logoutHere: build.mutation<null, void>({ query: () => ({ url: '/api/login/logout', method: 'POST' }) }),
  }),
});

/** A browser runs a longer timer at once: a far end is waited for in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** The next multiple of the interval after the session began that is later than `now` (seconds). */
export function nextReminder(startedAt: number, intervalMinutes: number, now: number) {
  const step = intervalMinutes * 60;
  return startedAt + (Math.floor((now - startedAt) / step) + 1) * step;
}

/**
 * The reality check: with a reminder interval or a session length set, every interval since sign-in a dialog
 * shows how long the session has run and what was staked and won or lost in it (the server's figures, read when
 * it opens). When the session length is reached the server refuses the session; the page asks once then, so the
 * user lands on the sign-in page without waiting for their next tap.
 */
export function RealityCheck() {
  const loggedIn = useAppSelector(selectIsLoggedIn);
  const dispatch = useAppDispatch();
  const { data, refetch } = realityApi.useGetRealityQuery(undefined, { skip: !loggedIn });
  const [logout, { isLoading: leaving }] = realityApi.useLogoutHereMutation();
  const [shown, setShown] = useState<Reality | null>(null);
  // Each timer that ran arms the next one.
  const [round, setRound] = useState(0);
  // The server's clock less this one's: the reminders fall on the server's minutes.
  const skew = useRef(0);
  useEffect(() => {
    if (data) skew.current = data.now - Date.now() / 1000;
  }, [data]);

  const interval = data?.interval_minutes ?? null;
  const startedAt = data?.started_at;
  const endsAt = data?.ends_at ?? null;
  useEffect(() => {
    if (!loggedIn || startedAt === undefined || (interval === null && endsAt === null)) return;
    const now = Date.now() / 1000 + skew.current;
    const due = interval === null ? Infinity : nextReminder(startedAt, interval, now + 1);
    const at = Math.min(due, endsAt ?? Infinity);
    const wait = (at - now) * 1000;
    const timer = setTimeout(
      async () => {
        if (wait > MAX_TIMER_MS) return setRound((r) => r + 1);
        // Fresh figures for the dialog; past the session's end this answer is the server's refusal.
        const fresh = await refetch();
        if (fresh.data) setShown(fresh.data);
        setRound((r) => r + 1);
      },
      Math.min(MAX_TIMER_MS, Math.max(0, wait)),
    );
    return () => clearTimeout(timer);
  }, [loggedIn, startedAt, interval, endsAt, refetch, round]);

  if (!loggedIn) return null;
  return (
    <RealityDialog
      reality={shown}
      busy={leaving}
      onClose={() => setShown(null)}
      onLogout={async () => {
        await logout().catch(() => undefined);
        setShown(null);
        dispatch(sessionEnded('logout'));
      }}
    />
  );
}

function RealityDialog({
  reality,
  busy,
  onClose,
  onLogout,
}: {
  reality: Reality | null;
  busy: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormatters();
  if (!reality) return null;
  const minutes = Math.max(0, Math.floor((reality.now - reality.started_at) / 60));
  const net = reality.net;
  const negative = net.startsWith('-');
  return (
    <Dialog
      open
      title={t('reality.title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" loading={busy} onClick={onLogout}>
            {t('reality.logout')}
          </Button>
          <Button onClick={onClose}>{t('reality.continue')}</Button>
        </>
      }
    >
      <p className={styles.lead}>{t('reality.inSession', { minutes: f.number(minutes, 0) })}</p>
      <dl className={styles.figures} data-testid="reality-figures">
        <dt>{t('reality.orders')}</dt>
        <dd>{f.number(reality.orders, 0)}</dd>
        <dt>{t('reality.staked')}</dt>
        <dd>{f.money(reality.staked)}</dd>
        <dt>{t('reality.net')}</dt>
        <dd className={negative ? styles.down : net === '0.00' ? undefined : styles.up}>
          {negative ? f.money(net) : `+${f.money(net)}`}
        </dd>
        <dt>{t('reality.open')}</dt>
        <dd>{f.money(reality.open_staked)}</dd>
      </dl>
      {reality.ends_at !== null && (
        <p className={styles.note}>{t('reality.endsAt', { time: f.dateTime(reality.ends_at) })}</p>
      )}
      <a className={styles.link} href="#/pages/user/limits" onClick={onClose}>
        {t('reality.limits')}
      </a>
    </Dialog>
  );
}
