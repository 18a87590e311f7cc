import { useTranslation } from 'react-i18next';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { useGetYuebaoInfoQuery } from '../../../lib/invest-api.ts';
import styles from './my-projects.module.css';

/** The Yuebao balance: total in plans, yesterday's and total profit, yesterday's balance, frozen, available. */
export function BalanceCard() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { data } = useGetYuebaoInfoQuery(undefined, { refetchOnMountOrArgChange: true });
  const money = (v: string | undefined) => (v === undefined ? '—' : f.money(v));
  return (
    <section className={styles.balance} aria-labelledby="yuebao-balance" data-testid="yuebao-balance">
      <h2 id="yuebao-balance" className={styles.balanceLabel}>
        {t('balance.total')}
      </h2>
      <p className={styles.balanceTotal}>{money(data?.total)}</p>
      <dl className={styles.balanceGrid}>
        <div>
          <dt>{t('balance.yesterdayProfit')}</dt>
          <dd>{money(data?.yesterday_profit)}</dd>
        </div>
        <div>
          <dt>{t('balance.totalProfit')}</dt>
          <dd>{money(data?.total_profit)}</dd>
        </div>
        <div>
          <dt>{t('balance.yesterdayBalance')}</dt>
          <dd>{money(data?.yesterday_balance)}</dd>
        </div>
        <div>
          <dt>{t('balance.frozen')}</dt>
          <dd>{money(data?.frozen)}</dd>
        </div>
        <div>
          <dt>{t('balance.available')}</dt>
          <dd>{money(data?.available)}</dd>
        </div>
      </dl>
    </section>
  );
}
