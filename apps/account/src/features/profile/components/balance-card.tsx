import { useTranslation } from 'react-i18next';
import { LinkButton } from '@app/ui/link-button';
import { TotalAssetsCard } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import styles from './balance-card.module.css';

/** Mine's headline: the one money picture (total assets, yesterday's earnings, each part) with recharge and withdraw. */
export function BalanceCard() {
  const { t } = useTranslation(NS);
  return (
    <TotalAssetsCard className={styles.card}>
      <LinkButton href="#/pages/user/recharge">{t('mine.recharge')}</LinkButton>
      <LinkButton variant="secondary" href="#/pages/user/cash">
        {t('mine.withdraw')}
      </LinkButton>
    </TotalAssetsCard>
  );
}
