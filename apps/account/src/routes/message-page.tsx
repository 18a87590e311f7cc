import { useTranslation } from 'react-i18next';
import { Button, EmptyState, MessageIcon } from '@app/ui';
import { DefaultPage, LoadError, Loading } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../i18n-namespace.ts';
import {
  useGetMessagesQuery,
  useReadAllMessagesMutation,
  useReadMessageMutation,
} from '../features/content/api/content-api.ts';
import styles from './message-page.module.css';

/** The user's messages, newest first; opening one marks it read, and all can be marked read at once. */
export default function MessagePage() {
  const { t } = useTranslation(NS);
  const { dateTime } = useFormatters();
  const { data, error, isLoading, refetch } = useGetMessagesQuery(1);
  const [readOne] = useReadMessageMutation();
  const [readAll, { isLoading: marking }] = useReadAllMessagesMutation();
  return (
    <DefaultPage title={t('titles.messages')}>
      {isLoading ? (
        <Loading />
      ) : error ? (
        <LoadError error={error} onRetry={() => void refetch()} />
      ) : !data || data.items.length === 0 ? (
        <EmptyState icon={<MessageIcon />} title={t('inbox.empty')} />
      ) : (
        <>
          <div className={styles.bar}>
            <span data-testid="inbox-unread">{t('inbox.unread', { count: data.unread })}</span>
            <Button
              variant="secondary"
              size="sm"
              disabled={data.unread === 0 || marking}
              onClick={() => void readAll()}
            >
              {t('inbox.readAll')}
            </Button>
          </div>
          <ul className={styles.list}>
            {data.items.map((m) => (
              <li key={m.id}>
                <details
                  className={styles.item}
                  data-read={m.read}
                  onToggle={(e) => {
                    if ((e.currentTarget as HTMLDetailsElement).open && !m.read) void readOne(m.id);
                  }}
                >
                  <summary className={styles.summary}>
                    {!m.read && <span className={styles.dot} aria-label={t('inbox.new')} />}
                    <span className={styles.title}>{m.title}</span>
                    <time className={styles.time}>{dateTime(m.created_at)}</time>
                  </summary>
                  <p className={styles.body}>{m.body}</p>
                  {m.link && (
                    <a className={styles.link} href={m.link}>
                      {t('inbox.open')}
                    </a>
                  )}
                </details>
              </li>
            ))}
          </ul>
        </>
      )}
    </DefaultPage>
  );
}
