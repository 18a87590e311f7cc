import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, selectSessionEndReason, useAppSelector } from '@app/api-client';
import { Button, Field, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { useLoginMutation } from '../features/session/api/session-api.ts';
import { PasswordToggle } from '../lib/password-toggle.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { AuthPage } from './auth-page.tsx';
import styles from '../features/session/components/auth-layout.module.css';

/** The server's schema of the login body, loaded when the form is first used (see useForm). */
const loginSchema = () => import('@app/contracts').then((m) => m.loginBodySchema);

export default function LoginPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const redirectParam = params.get('redirect');
  const redirect = safeRedirect(redirectParam);
  const ended = useAppSelector(selectSessionEndReason);
  const [login, { isLoading }] = useLoginMutation();
  const [visible, setVisible] = useState(false);
  const form = useForm(loginSchema, { account: '', password: '' });

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await login(values).unwrap();
      toast.info(t('login_succeeded', { ns: 'errors' }));
      navigate(redirect, { replace: true });
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });

  const notice =
    ended === 'expired'
      ? t('session_expired', { ns: 'errors' })
      : redirectParam
        ? t('login_required', { ns: 'errors' })
        : null;
  const registerHref = `#/pages/login/register${redirectParam ? `?redirect=${encodeURIComponent(redirectParam)}` : ''}`;

  return (
    <AuthPage title={t('login.title')} subtitle={t('login.subtitle')}>
      {notice && (
        <p className={styles.notice} role="status">
          {notice}
        </p>
      )}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label={t('form.account')}
          placeholder={t('form.accountPlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('account')}
        />
        <Field
          label={t('form.password')}
          placeholder={t('form.passwordPlaceholder')}
          type={visible ? 'text' : 'password'}
          autoComplete="current-password"
          suffix={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
          {...form.field('password')}
        />
        <Button type="submit" block size="lg" loading={isLoading} className={styles.submit}>
          {t('login.submit')}
        </Button>
        <div className={styles.links}>
          <a className={styles.link} href={registerHref}>
            {t('login.toRegister')}
          </a>
          <a className={styles.link} href="#/pages/login/forgetpwd">
            {t('login.forgot')}
          </a>
        </div>
      </form>
    </AuthPage>
  );
}
