import { Fragment, useEffect } from 'react';
import { LoadError, Loading } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import {
  useGetConversationQuery,
  useGetGuestConversationQuery,
  useMarkSupportReadMutation,
} from '../api/support-api.ts';
import styles from './support.module.css';

/**
 * The conversation with customer service, oldest first. Opening it marks the operators' answers read
 * (clearing the badge); the answers that were new at this opening are set apart under a "new" line.
 */
export function SupportConversation({ ticket }: { ticket?: string | undefined } = {}) {
  const { t } = useInnerTranslation();
  const { dateTime } = useFormatters();
  // Logged out, the same conversation is read with the phone's ticket (no badge, nothing to mark read).
  const signedIn = useGetConversationQuery(undefined, { refetchOnMountOrArgChange: true, skip: Boolean(ticket) });
  const guest = useGetGuestConversationQuery(ticket ?? '', { refetchOnMountOrArgChange: true, skip: !ticket });
  const { data, error, isLoading, refetch } = ticket ? guest : signedIn;
  const [markRead] = useMarkSupportReadMutation();
  const unread = data && 'unread' in data ? data.unread : 0;

  useEffect(() => {
    if (unread > 0) void markRead();
  }, [unread, markRead]);

  if (isLoading) return <Loading lines={3} />;
  if (!data) return <LoadError compact error={error} onRetry={() => void refetch()} />;
  // A visitor's composer has no topics (nothing would keep them): the empty text does not ask to pick one.
  if (data.items.length === 0)
    return <p className={styles.muted}>{t(ticket ? 'support.guest.noMessages' : 'support.noMessages')}</p>;

  // The newest `unread` operator answers are the ones this opening reads.
  let remaining = unread;
  const firstNew = new Set<number>();
  for (let i = data.items.length - 1; i >= 0 && remaining > 0; i--) {
    const m = data.items[i]!;
    if (m.from === 'operator') {
      remaining -= 1;
      if (remaining === 0) firstNew.add(m.id);
    }
  }

  return (
    <ol className={styles.thread} aria-label={t('support.conversation')} data-testid="support-thread">
      {data.items.map((m) => (
        <Fragment key={m.id}>
          {firstNew.has(m.id) && (
            <li className={styles.divider} data-testid="support-new">
              {t('support.newAnswers')}
            </li>
          )}
          <li className={styles.bubble} data-from={m.from}>
            <span className={styles.who}>
              {m.from === 'user' ? t('support.you') : t('support.agent')}
              {m.topic && ` · ${t(`support.topic.${m.topic}`)}`}
            </span>
            <span>{m.body}</span>
            <time className={styles.time} dateTime={new Date(m.created_at * 1000).toISOString()}>
              {dateTime(m.created_at)}
            </time>
          </li>
        </Fragment>
      ))}
    </ol>
  );
}
