import { useTranslation } from 'react-i18next';
import page from '../../../components/page.module.css';
import { ChannelsPanel } from './channels-panel.tsx';
import { InvitePanel } from './invite-panel.tsx';
import { WalletSettingsPanel } from './wallet-settings-panel.tsx';

/** Recharge channels, the wallet's limits, fees, hours and four-eyes threshold, and the invitation bonus. */
export function SettingsPage() {
  const { t } = useTranslation();
  return (
    <div>
      <div className={page.header}>
        <div>
          <h1 className={page.title}>{t('settings.title')}</h1>
          <p className={page.subtitle}>{t('settings.subtitle')}</p>
        </div>
      </div>
      <div className={page.stack}>
        <WalletSettingsPanel />
        <ChannelsPanel />
        <InvitePanel />
      </div>
    </div>
  );
}
