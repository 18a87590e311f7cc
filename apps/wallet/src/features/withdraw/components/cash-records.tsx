import { useTranslation } from 'react-i18next';
import type { WithdrawRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { EmptyState, InfiniteList, WalletIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import { pagedItems } from '../../../lib/paged-items.ts';
import { RecordStatus } from '../../../lib/record-status.tsx';
import { Timeline } from '../../../lib/timeline.tsx';
import styles from '../../../lib/wallet.module.css';
import { useGetCashPagesInfiniteQuery, useGetCashRecordQuery } from '../api/withdraw-api.ts';
import { LoadError, Loading } from '@app/app-kit';

/** Withdrawal records, newest first, paged as the user scrolls. */
export function CashRecordList() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const f = useFormatters();
  const query = useGetCashPagesInfiniteQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = pagedItems(query.data?.pages);
  if (query.isLoading) return <Loading />;
  if (query.isError && items.length === 0)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (items.length === 0)
    return (
      <EmptyState
        icon={<WalletIcon />}
        title={t('records.noWithdraw')}
        action={<LinkButton href="#/pages/user/cash">{t('titles.cash')}</LinkButton>}
      />
    );
  return (
    <InfiniteList
      items={items}
      getKey={(r) => r.id}
      hasMore={Boolean(query.hasNextPage)}
      loading={query.isFetchingNextPage}
      onLoadMore={() => void query.fetchNextPage()}
      labels={{ loading: tc('states.loadingMore'), end: tc('states.noMore'), more: tc('actions.more') }}
      renderItem={(r: WithdrawRecord) => (
        <a className={styles.item} href={`#/pages/user/cashrecord?id=${r.id}`} data-testid="cash-row">
          <span className={styles.itemMain}>
            <span className={styles.strong}>{r.destination}</span>
            <span className={styles.small}>{f.dateTime(r.created_at)}</span>
          </span>
          <span className={styles.itemSide}>
            <span className={styles.strong}>{f.money(r.amount)}</span>
            <RecordStatus status={r.status} />
          </span>
        </a>
      )}
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
      <dl className={styles.rows}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {r.reason && <p className={styles.error}>{t('record.reason', { reason: r.reason })}</p>}
      {r.status === 2 && <p className={styles.note}>{t('cash.refunded')}</p>}
      <h2 className={styles.label}>{t('record.timeline')}</h2>
      <Timeline steps={r.timeline} />
    </section>
  );
}
