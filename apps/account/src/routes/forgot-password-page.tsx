import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DefaultPage } from '@app/app-kit';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../i18n-namespace.ts';
import { ResetPasswordForm } from '../features/session/components/reset-password-form.tsx';
import { ResetDone } from '../features/session/components/reset-done.tsx';
import { ResetExplanation, ResetStep } from '../features/session/components/reset-step.tsx';
import styles from '../features/session/components/reset-password.module.css';

const LOGIN = '#/pages/login/login';

/**
 * Nobody at the platform chooses or sees a password: customer service checks that the account is the caller's
 * and opens a reset (the user gets an SMS), then the user sets the new password here with a code sent to the
 * account's phone. A new login password ends every session, so the result leads to Log in.
 */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(NS);
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <DefaultPage title={t('forgot.title')} backTo="/pages/login/login">
        <ResetDone
          kind="login"
          action={
            <LinkButton href={LOGIN} block size="lg">
              {t('reset.login')}
            </LinkButton>
          }
        />
      </DefaultPage>
    );
  }
  return (
    <DefaultPage title={t('forgot.title')} backTo="/pages/login/login">
      <ResetStep number={1} title={t('forgot.askTitle')}>
        <ResetExplanation>
          <p>{t('forgot.intro')}</p>
          <ol>
            <li>{t('forgot.step1')}</li>
            <li>{t('forgot.step2')}</li>
            <li>{t('forgot.step3')}</li>
          </ol>
          <p>{t('forgot.safety')}</p>
          <LinkButton variant="secondary" block href="#/pages/customer/customer">
            {t('forgot.contact')}
          </LinkButton>
        </ResetExplanation>
      </ResetStep>
      <ResetStep number={2} title={t('forgot.setTitle')}>
        <p className={styles.lead}>{t('reset.lead')}</p>
        <ResetPasswordForm kind="login" onDone={() => setDone(true)} />
      </ResetStep>
      <div className={styles.links}>
        <a className={styles.link} href={LOGIN}>
          {t('forgot.backToLogin')}
        </a>
      </div>
    </DefaultPage>
  );
}
