import { useTranslation } from 'react-i18next';
import type { Assets } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';

/** Cash and each coin, valued in U at the latest recorded price. */
export function AssetsCard({ assets }: { assets: Assets }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <section className={styles.card} aria-labelledby="assets-total">
      <p id="assets-total" className={styles.small}>
        {t('wallet.total')}
      </p>
      <p className={styles.strong} style={{ fontSize: 'var(--font-size-xxl)' }} data-testid="assets-total">
        {f.money(assets.total_value)}
      </p>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('glossary.available', { ns: 'common' })}</dt>
          <dd data-testid="cash-available">{f.money(assets.cash.available)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('glossary.frozen', { ns: 'common' })}</dt>
          <dd data-testid="cash-frozen">{f.money(assets.cash.frozen)}</dd>
        </div>
        {assets.coins
          .filter((c) => c.amount !== '0.00000000')
          .map((c) => (
            <div key={c.coin} className={styles.row} data-testid={`coin-${c.coin}`}>
              <dt>{c.coin}</dt>
              <dd>
                {f.number(c.amount, 8)} {c.value !== null && <span className={styles.small}>≈ {f.money(c.value)}</span>}
              </dd>
            </div>
          ))}
      </dl>
      {assets.simulated && <p className={styles.note}>{t('exchange.simulated')}</p>}
    </section>
  );
}
