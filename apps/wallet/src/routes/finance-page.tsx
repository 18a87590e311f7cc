import { useTranslation } from 'react-i18next';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '@app/app-kit';
import { StatementView } from '../features/statement/components/statement-view.tsx';

/** Finance: the statement of every movement on the user's accounts. */
export default function FinancePage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('titles.finance')} custom>
      <StatementView />
    </DefaultPage>
  );
}
