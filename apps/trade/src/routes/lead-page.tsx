import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { LeadPanel } from '../features/copy/components/lead-panel.tsx';
import styles from '../features/copy/components/copy.module.css';

/** /pages/copy/lead: become a leader (every order from then on public and permanent), or stop leading. */
export default function LeadPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('copy.lead.title')} backTo="/pages/copy/leaders">
      <LeadPanel />
      <p className={styles.risk}>{t('copy.risk')}</p>
    </DefaultPage>
  );
}
