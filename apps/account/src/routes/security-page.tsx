import { useGetUserInfoQuery } from '@app/api-client';
import { AlertIcon, Cell, CellGroup, GlobeIcon, ShieldIcon, WalletIcon } from '@app/ui';
import { LANGUAGE_NAMES, isLanguage } from '@app/i18n/client';
import { DefaultPage } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { LoginsSection, SessionsSection } from '../features/security/components/sessions-section.tsx';
import { FreezeSection } from '../features/security/components/freeze-section.tsx';
import { DataExportSection } from '../features/security/components/data-export-section.tsx';

export default function SecurityPage() {
  const { t, i18n } = useInnerTranslation();
  const { data: user } = useGetUserInfoQuery();
  const languageName = isLanguage(i18n.language) ? LANGUAGE_NAMES[i18n.language] : LANGUAGE_NAMES.en;
  return (
    <DefaultPage title={t('security.title')}>
      <CellGroup>
        <Cell
          title={t('security.loginPassword')}
          description={t('security.loginPasswordHint')}
          href="#/pages/user/setpassword"
          icon={<ShieldIcon size={22} />}
        />
        <Cell
          title={t('security.fundPassword')}
          description={t(user?.has_fund_password ? 'security.fundPasswordSet' : 'security.fundPasswordNotSet')}
          href="#/pages/user/setfundpassword"
          icon={<WalletIcon size={22} />}
        />
        <Cell
          title={t('passkeys.title')}
          description={t('passkeys.cellHint')}
          href="#/pages/user/passkeys"
          icon={<ShieldIcon size={22} />}
        />
        <Cell
          title={t('authenticator.title')}
          description={t(user?.second_factor ? 'authenticator.cellOn' : 'authenticator.cellOff')}
          href="#/pages/user/authenticator"
          icon={<ShieldIcon size={22} />}
        />
        <Cell
          title={t('antiPhishing.title')}
          description={t(user?.anti_phishing_code ? 'antiPhishing.cellOn' : 'antiPhishing.cellOff')}
          href="#/pages/user/antiphishing"
          icon={<ShieldIcon size={22} />}
        />
        <Cell
          title={t('allowlist.title')}
          description={t('allowlist.cellHint')}
          href="#/pages/user/allowlist"
          icon={<WalletIcon size={22} />}
        />
        <Cell
          title={t('limits.title')}
          description={t('limits.cellHint')}
          href="#/pages/user/limits"
          icon={<AlertIcon size={22} />}
        />
        <Cell
          title={t('mine.menu.language')}
          value={languageName}
          href="#/pages/user/language"
          icon={<GlobeIcon size={22} />}
        />
      </CellGroup>
      {/* Right above the devices, in the first screen: "sign out everywhere and freeze" is one errand. */}
      <FreezeSection />
      <SessionsSection />
      <LoginsSection />
      <DataExportSection />
      <CellGroup>
        <Cell
          title={t('closeAccount.title')}
          description={t('closeAccount.cellHint')}
          href="#/pages/user/close"
          icon={<AlertIcon size={22} />}
        />
      </CellGroup>
    </DefaultPage>
  );
}
