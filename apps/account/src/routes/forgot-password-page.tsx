import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../i18n-namespace.ts';
import prose from '../lib/prose.module.css';

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
        <LinkButton href="#/pages/customer/customer">{t('forgot.contact')}</LinkButton>
        <LinkButton variant="secondary" href="#/pages/login/login">
          {t('forgot.backToLogin')}
        </LinkButton>
      </div>
    </DefaultPage>
  );
}
