import { useState } from 'react';
import type { CheckinStatus } from '@app/contracts';
import { useGetUserInfoQuery } from '@app/api-client';
import { LoadError, Loading, apiErrorText } from '@app/app-kit';
import { Button, Dialog } from '@app/ui';
import { useFormatters } from '@app/i18n/client';
import { useInnerTranslation } from '../../../i18n-namespace.ts';
import { CheckinWeek } from './checkin-week.tsx';
import { useCheckInMutation, useGetCheckinQuery } from '../api/checkin-api.ts';
import styles from './checkin.module.css';

type Result = { ok: true; status: CheckinStatus } | { ok: false; message: string };

/**
 * The daily check-in: today's state, the operator-set reward, the streak and the week; one tap claims
 * today's reward (the server refuses a second claim the same platform day), and the outcome is shown in a
 * dialog. The balance below refreshes from the server after a claim.
 */
export function CheckinCard() {
  const { t } = useInnerTranslation();
  const { money } = useFormatters();
  const { data: status, error, isLoading, refetch } = useGetCheckinQuery();
  const { data: user } = useGetUserInfoQuery();
  const [checkIn, { isLoading: claiming }] = useCheckInMutation();
  const [result, setResult] = useState<Result | null>(null);

  if (isLoading) return <Loading lines={6} />;
  if (!status) return <LoadError error={error} onRetry={() => void refetch()} />;

  const claim = async () => {
    if (claiming) return;
    try {
      setResult({ ok: true, status: await checkIn().unwrap() });
    } catch (failure) {
      setResult({ ok: false, message: apiErrorText(failure, t) });
      void refetch();
    }
  };
  const paid = result?.ok && Number(result.status.reward) > 0;

  return (
    <section className={styles.card} aria-labelledby="checkin-title" data-testid="checkin-card">
      <h2 id="checkin-title" className={styles.title}>
        {t('checkin.title')}
      </h2>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t('checkin.reward')}</dt>
          <dd data-testid="checkin-reward">{money(status.reward)}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('checkin.streak')}</dt>
          <dd data-testid="checkin-streak">{status.streak}</dd>
        </div>
      </dl>
      <CheckinWeek status={status} />
      <p className={styles.state} data-testid="checkin-state">
        {t(status.checked_today ? 'checkin.doneToday' : 'checkin.openToday')}
      </p>
      <Button block size="lg" loading={claiming} disabled={status.checked_today} onClick={() => void claim()}>
        {t(status.checked_today ? 'checkin.checkedIn' : 'checkin.action')}
      </Button>
      <p className={styles.note}>{t('checkin.rule', { timeZone: status.time_zone })}</p>
      {user && (
        <p className={styles.balance}>
          <span>{t('glossary.available', { ns: 'common' })}</span>
          <strong data-testid="checkin-balance">{money(user.balances.available)}</strong>
        </p>
      )}
      <Dialog
        open={result !== null}
        title={t(result?.ok ? 'checkin.doneTitle' : 'checkin.refusedTitle')}
        onClose={() => setResult(null)}
        actions={<Button onClick={() => setResult(null)}>{t('actions.close', { ns: 'common' })}</Button>}
      >
        {result?.ok ? (
          <>
            {paid && <p>{t('checkin.credited', { amount: money(result.status.reward) })}</p>}
            <p>{t('checkin.streakNow', { days: result.status.streak })}</p>
          </>
        ) : (
          <p role="alert">{result?.message}</p>
        )}
      </Dialog>
    </section>
  );
}
