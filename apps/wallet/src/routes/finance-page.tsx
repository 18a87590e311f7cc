import { useTranslation } from 'react-i18next';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage, TotalAssetsCard } from '@app/app-kit';
import styles from '../lib/wallet.module.css';
import { StatementView } from '../features/statement/components/statement-view.tsx';

/** Finance: total assets as every screen shows them, then the statement of every movement on the user's accounts. */
export default function FinancePage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('titles.finance')} custom>
      <TotalAssetsCard className={styles.card} />
      <StatementView />
    </DefaultPage>
  );
}
