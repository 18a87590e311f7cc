import { useTranslation } from 'react-i18next';
import type { WithdrawRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { RecordStatus } from '../../../lib/record-status.tsx';
import { ReceiptRows, RecordList } from '../../../lib/record-list.tsx';
import { Timeline } from '../../../lib/timeline.tsx';
import styles from '../../../lib/wallet.module.css';
import { useGetCashPagesInfiniteQuery, useGetCashRecordQuery } from '../api/withdraw-api.ts';
import { LoadError, Loading } from '@app/app-kit';
import { ContestLink } from '../../../lib/contest-link.tsx';

/** Withdrawal records, newest first, paged as the user scrolls. */
export function CashRecordList() {
  const { t } = useTranslation(NS);
  const query = useGetCashPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <RecordList
      query={query}
      title={(r: WithdrawRecord) => r.destination}
      href={(r) => `#/pages/user/cashrecord?id=${r.id}`}
      testId="cash-row"
      empty={{ title: t('records.noWithdraw'), action: t('titles.cash'), href: '#/pages/user/cash' }}
    />
  );
}

/** One withdrawal as a receipt: amount, fee, received, destination, the reason if refused, its timeline. */
export function CashReceipt({ id }: { id: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data, error, isLoading, refetch } = useGetCashRecordQuery(id);
  if (isLoading) return <Loading />;
  const r = data?.items[0];
  if (!r) return <LoadError error={error} onRetry={() => void refetch()} />;
  const rows: Array<[string, string]> = [
    [t('cash.destination'), r.destination],
    [t('record.amount'), f.money(r.amount)],
    [t('glossary.fee', { ns: 'common' }), f.money(r.fee)],
    [t('cash.received'), f.money(r.received)],
    [t('record.time'), f.dateTime(r.created_at)],
  ];
  return (
    <section className={styles.card} aria-label={t('record.receipt')} data-testid="cash-receipt">
      <p>
        <RecordStatus status={r.status} />
      </p>
      <ReceiptRows rows={rows} />
      {r.reason && <p className={styles.error}>{t('record.reason', { reason: r.reason })}</p>}
      {r.status === 2 && <p className={styles.note}>{t('cash.refunded')}</p>}
      {r.status === 2 && <ContestLink kind="withdrawal" id={r.id} />}
      <h2 className={styles.label}>{t('record.timeline')}</h2>
      <Timeline steps={r.timeline} />
    </section>
  );
}
