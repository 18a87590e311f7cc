import type { ReactNode } from 'react';
import { useFormatters } from '@app/i18n/client';
import { WalletIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { PagedList, type PagedQuery } from '@app/app-kit';
import { RecordStatus } from './record-status.tsx';
import styles from './wallet.module.css';

type WalletRecord = { id: number; amount: string; status: 1 | 2 | 3 | 4; created_at: number };

/**
 * Deposit or withdrawal records, newest first, paged as the user scrolls: each row names the record, its time,
 * amount and status and opens its receipt. An empty list says what is missing and offers the next step.
 */
export function RecordList<T extends WalletRecord>({
  query,
  title,
  href,
  testId,
  empty,
}: {
  query: PagedQuery<T>;
  title: (record: T) => string;
  href: (record: T) => string;
  testId: string;
  empty: { title: string; action: ReactNode; href: string };
}) {
  const f = useFormatters();
  return (
    <PagedList
      query={query}
      onRefresh={false}
      empty={{
        icon: <WalletIcon />,
        title: empty.title,
        action: <LinkButton href={empty.href}>{empty.action}</LinkButton>,
      }}
      renderItem={(r: T) => (
        <a className={styles.item} href={href(r)} data-testid={testId}>
          <span className={styles.itemMain}>
            <span className={styles.strong}>{title(r)}</span>
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

/** A receipt's label / value rows. */
export function ReceiptRows({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className={styles.rows}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.row}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
