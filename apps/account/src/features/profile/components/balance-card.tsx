import { useTranslation } from 'react-i18next';
import type { Balances, UserAssets } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import styles from './balance-card.module.css';

/**
 * The whole money picture as the server reports it (decimal strings in USD): total assets (cash, frozen, plans and
 * coins at the recorded price) and yesterday's earnings, then each part, with recharge and withdraw at hand.
 */
export function BalanceCard({ balances, assets }: { balances: Balances; assets?: UserAssets | undefined }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const earned = assets ? Number(assets.yesterday_earnings) : 0;
  const parts: Array<[string, string]> = [
    [t('glossary.available', { ns: 'common' }), balances.available],
    [t('glossary.frozen', { ns: 'common' }), balances.frozen],
    ...(assets
      ? ([
          [t('mine.plans'), assets.plans],
          [t('mine.coins'), assets.coins],
        ] as Array<[string, string]>)
      : []),
  ];
  return (
    <section className={styles.card} aria-labelledby="balance-total-label">
      <p id="balance-total-label" className={styles.label}>
        {t(assets ? 'mine.totalAssets' : 'mine.totalBalance')}
      </p>
      <p className={styles.total} data-testid="total-assets">
        {f.money(assets?.total ?? balances.total)}
      </p>
      {assets && (
        <p className={styles.earned} data-testid="yesterday-earnings">
          <span className={styles.label}>{t('mine.yesterdayEarnings')}</span>{' '}
          <span className={earned > 0 ? styles.up : earned < 0 ? styles.down : undefined}>
            {earned > 0 ? '+' : ''}
            {f.money(assets.yesterday_earnings)}
          </span>
        </p>
      )}
      <dl className={styles.split}>
        {parts.map(([label, value]) => (
          <div key={label}>
            <dt className={styles.label}>{label}</dt>
            <dd>{f.money(value)}</dd>
          </div>
        ))}
      </dl>
      <div className={styles.actions}>
        <LinkButton href="#/pages/user/recharge">{t('mine.recharge')}</LinkButton>
        <LinkButton variant="secondary" href="#/pages/user/cash">
          {t('mine.withdraw')}
        </LinkButton>
      </div>
    </section>
  );
}
