import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import page from '../../../components/page.module.css';
import { ChannelsPanel } from './channels-panel.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { WalletSettingsPanel } from './wallet-settings-panel.tsx';

/** Recharge channels, the wallet's limits, fees, hours and four-eyes threshold, and the invitation bonus. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <PageHeader title={t('settings.title')} subtitle={t('settings.subtitle')} />
      <div className={page.stack}>
        <WalletSettingsPanel />
        <ChannelsPanel />
        <InvitePanel />
      </div>
    </div>
  );
}
