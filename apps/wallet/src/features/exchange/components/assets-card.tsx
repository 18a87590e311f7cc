import { useTranslation } from 'react-i18next';
import type { Assets } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { TotalAssetsCard } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';

/** Total assets (the one money picture), then each coin held with its value in U at the latest recorded price. */
export function AssetsCard({ assets }: { assets: Assets | undefined }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const held = assets?.coins.filter((c) => c.amount !== '0.00000000') ?? [];
  return (
    <>
      <TotalAssetsCard className={styles.card} />
      {held.length > 0 && (
        <section className={styles.card} aria-label={t('money.coins', { ns: 'common' })}>
          <dl className={styles.rows}>
            {held.map((c) => (
              <div key={c.coin} className={styles.row} data-testid={`coin-${c.coin}`}>
                <dt>{c.coin}</dt>
                <dd>
                  {f.number(c.amount, 8)}{' '}
                  {c.value !== null && <span className={styles.small}>≈ {f.money(c.value)}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      )}
      {assets?.simulated && (
        <p className={styles.note} style={{ margin: '0 var(--space-4)' }}>
          {t('exchange.simulated')}
        </p>
      )}
    </>
  );
}
