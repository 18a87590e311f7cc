import { useTranslation } from 'react-i18next';
import { NS } from '../i18n-namespace.ts';
import { DefaultPage } from '../lib/default-page.tsx';
import prose from '../lib/prose.module.css';
import links from '../lib/link-button.module.css';

/** There is no self-service reset: customer service verifies the person and resets the password. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(NS);
  return (
    <DefaultPage title={t('forgot.title')} backTo="/pages/login/login">
      <div className={prose.prose}>
        <p>{t('forgot.intro')}</p>
        <ol>
          <li>{t('forgot.step1')}</li>
          <li>{t('forgot.step2')}</li>
          <li>{t('forgot.step3')}</li>
        </ol>
        <p>{t('forgot.safety')}</p>
      </div>
      <div className={prose.actions}>
        <a className={links.primary} href="#/pages/customer/customer">
          {t('forgot.contact')}
        </a>
        <a className={links.secondary} href="#/pages/login/login">
          {t('forgot.backToLogin')}
        </a>
      </div>
    </DefaultPage>
  );
}
