import { useState } from 'react';
import { Badge, Button, ConfirmDialog, useToast } from '@app/ui';
import { Loading, LoadError, apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { useGetLoginsQuery, useGetSessionsQuery, useLogoutOthersMutation } from '../api/security-api.ts';
import styles from './security.module.css';

const deviceLabel = (device: string, unknown: string) => (device === 'unknown' ? unknown : device);

/** Devices logged in now, with "log out other devices" behind a confirmation. */
export function SessionsSection() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const toast = useToast();
  const { data, error, refetch } = useGetSessionsQuery();
  const [logoutOthers, { isLoading }] = useLogoutOthersMutation();
  const [confirming, setConfirming] = useState(false);
  const others = data?.items.filter((s) => !s.current).length ?? 0;
  const confirm = async () => {
    try {
      await logoutOthers().unwrap();
      toast.info(t('security.othersLoggedOut'));
    } catch (e) {
      toast.error(apiErrorText(e, t));
    } finally {
      setConfirming(false);
    }
  };
  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title">{t('security.sessions')}</h2>
      {error ? (
        <LoadError compact error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={2} />
      ) : (
        <>
          <ul className={styles.list} data-testid="sessions">
            {data.items.map((s) => (
              <li key={s.id} className={styles.item}>
                <span className={styles.device}>
                  {deviceLabel(s.device, t('security.unknownDevice'))}
                  {s.current && <Badge tone="primary">{t('security.thisDevice')}</Badge>}
                </span>
                <span className={styles.meta}>
                  {t('security.lastActive', { time: f.dateTime(s.last_seen_at) })}
                  {s.ip ? ` · ${s.ip}` : ''}
                </span>
              </li>
            ))}
          </ul>
          <Button variant="secondary" block disabled={others === 0} onClick={() => setConfirming(true)}>
            {t('security.logoutOthers')}
          </Button>
          <ConfirmDialog
            open={confirming}
            title={t('security.logoutOthers')}
            confirmLabel={t('security.logoutOthersConfirm')}
            cancelLabel={t('actions.cancel', { ns: 'common' })}
            busy={isLoading}
            onConfirm={() => void confirm()}
            onCancel={() => setConfirming(false)}
            message={t('security.logoutOthersBody', { count: others })}
            danger
          />
        </>
      )}
    </section>
  );
}

/** The last logins: time, device and address, newest first. */
export function LoginsSection() {
  const { t } = useInnerTranslation();
  const f = useFormatters();
  const { data, error, refetch } = useGetLoginsQuery();
  return (
    <section className={styles.section} aria-labelledby="logins-title">
      <h2 id="logins-title">{t('security.lastLogins')}</h2>
      {error ? (
        <LoadError compact error={error} onRetry={() => void refetch()} />
      ) : !data ? (
        <Loading lines={3} />
      ) : (
        <ul className={styles.list} data-testid="logins">
          {data.items.map((l, i) => (
            <li key={i} className={styles.item}>
              <span className={styles.device}>
                {f.dateTime(l.at)}
                {l.kind === 'register' && <Badge>{t('security.registration')}</Badge>}
              </span>
              <span className={styles.meta}>
                {deviceLabel(l.device, t('security.unknownDevice'))}
                {l.ip ? ` · ${l.ip}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
