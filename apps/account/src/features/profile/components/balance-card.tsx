import { useTranslation } from 'react-i18next';
import type { Balances } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import styles from './balance-card.module.css';

/** Balances as the server reports them (decimal strings in USD), with recharge and withdraw at hand. */
export function BalanceCard({ balances }: { balances: Balances }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <section className={styles.card} aria-labelledby="balance-total-label">
      <p id="balance-total-label" className={styles.label}>
        {t('mine.totalBalance')}
      </p>
      <p className={styles.total}>{f.money(balances.total)}</p>
      <dl className={styles.split}>
        <div>
          <dt className={styles.label}>{t('glossary.available', { ns: 'common' })}</dt>
          <dd>{f.money(balances.available)}</dd>
        </div>
        <div>
          <dt className={styles.label}>{t('glossary.frozen', { ns: 'common' })}</dt>
          <dd>{f.money(balances.frozen)}</dd>
        </div>
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
