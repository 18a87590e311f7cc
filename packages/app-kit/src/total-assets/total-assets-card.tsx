import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { Delayed, Skeleton } from '@app/ui';
import { LoadError } from '../load-error.tsx';
import { useGetTotalAssetsQuery } from './total-assets-api.ts';
import styles from './total-assets-card.module.css';

export type TotalAssetsCardProps = {
  /** Where the card sits on its page (Mine lifts it over the header). */
  className?: string;
  /** Actions under the figures (Mine's recharge and withdraw). */
  children?: ReactNode;
};

/**
 * Total assets, the one money picture (GET /api/user/total-assets), with yesterday's earnings and each part:
 * Home, Mine, My assets, Exchange and the statement all show this card, so no two screens can disagree. It is read
 * again on every visit and after every money-moving answer (the answer's tags), never kept from before a login.
 */
export function TotalAssetsCard({ className, children }: TotalAssetsCardProps) {
  const { t } = useTranslation();
  const f = useFormatters();
  const { data, error, isLoading, refetch } = useGetTotalAssetsQuery(undefined, { refetchOnMountOrArgChange: true });
  const box = [styles.card, className].filter(Boolean).join(' ');
  if (!data) {
    return (
      <section className={box} aria-label={t('money.totalAssets')}>
        {isLoading || !error ? (
          <Delayed>
            <Skeleton lines={3} label={t('states.loading')} />
          </Delayed>
        ) : (
          <LoadError compact error={error} onRetry={() => void refetch()} />
        )}
      </section>
    );
  }
  const earned = Number(data.yesterday_earnings);
  const parts: Array<[string, string, string]> = [
    ['available', t('glossary.available'), data.available],
    ['frozen', t('glossary.frozen'), data.frozen],
    ['plans', t('money.plans'), data.plans],
    // A shell or remote older than the flexible balance reads an answer without it: the part is left out, not NaN.
    ...(data.flexible !== undefined
      ? [['flexible', t('money.flexible'), data.flexible] as [string, string, string]]
      : []),
    ['coins', t('money.coins'), data.coins],
  ];
  return (
    <section className={box} aria-labelledby="total-assets-label" data-testid="total-assets-card">
      <p id="total-assets-label" className={styles.label}>
        {t('money.totalAssets')}
      </p>
      <p className={styles.total} data-testid="total-assets">
        {f.money(data.total)}
      </p>
      <p className={styles.earned} data-testid="yesterday-earnings">
        <span className={styles.label}>{t('money.yesterdayEarnings')}</span>{' '}
        <span className={earned > 0 ? styles.up : earned < 0 ? styles.down : undefined}>
          {earned > 0 ? '+' : ''}
          {f.money(data.yesterday_earnings)}
        </span>
      </p>
      <dl className={styles.split}>
        {parts.map(([key, label, value]) => (
          <div key={key} data-testid={`total-assets-${key}`}>
            <dt className={styles.label}>{label}</dt>
            <dd>{f.money(value)}</dd>
          </div>
        ))}
      </dl>
      {data.coins_unpriced && <p className={styles.note}>{t('money.coinsUnpriced')}</p>}
      {children && <div className={styles.actions}>{children}</div>}
    </section>
  );
}
