import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError, selectSessionEndReason, useAppSelector } from '@app/api-client';
import { Button, Field, useToast } from '@app/ui';
import { apiErrorText, passkeyAssertion, passkeysSupported, SecondFactorField } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useForm } from '../lib/forms/use-form.ts';
import {
  useLoginMutation,
  useLoginWithPasskeyMutation,
  usePasskeyLoginOptionsMutation,
} from '../features/session/api/session-api.ts';
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
  const [passkeyOptions] = usePasskeyLoginOptionsMutation();
  const [loginWithPasskey] = useLoginWithPasskeyMutation();
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const withPasskey = passkeysSupported();
  const [visible, setVisible] = useState(false);
  const form = useForm(loginSchema, { account: '', password: '', second_factor_code: '' });
  // Asked for by the server: the account has a second factor on and this browser has not signed in before.
  const [askCode, setAskCode] = useState(false);
  const code = form.field('second_factor_code');

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The code goes only when asked for, so a sign-in without one is the same request as always.
      const { second_factor_code: code, ...credentials } = values;
      await login(code ? values : credentials).unwrap();
      toast.info(t('login_succeeded', { ns: 'errors' }));
      navigate(redirect, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.field === 'second_factor_code') {
        setAskCode(true);
        form.set('second_factor_code', '');
        // The first ask is no mistake: it is said as the field's hint, not as an error.
        if (error.key !== 'second_factor_required' || askCode) form.showServerError(error);
        return;
      }
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });

  // A passkey alone signs in (it is two factors itself): no account name, no password, no code.
  const signInWithPasskey = async () => {
    setPasskeyBusy(true);
    try {
      const { options } = await passkeyOptions().unwrap();
      const credential = await passkeyAssertion(options);
      await loginWithPasskey({ credential }).unwrap();
      toast.info(t('login_succeeded', { ns: 'errors' }));
      navigate(redirect, { replace: true });
    } catch (error) {
      toast.error(apiErrorText(error, t));
    } finally {
      setPasskeyBusy(false);
    }
  };

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
        {askCode && (
          <>
            <p className={styles.notice} role="status">
              {t('login.newDevice')}
            </p>
            <SecondFactorField
              passkey={false}
              value={code.value}
              onChange={(v) => form.set('second_factor_code', v)}
              error={code.error}
            />
          </>
        )}
        <Button type="submit" block size="lg" loading={isLoading} className={styles.submit}>
          {t('login.submit')}
        </Button>
        {withPasskey && (
          <>
            <p className={styles.or} aria-hidden="true">
              {t('login.or')}
            </p>
            <Button
              type="button"
              variant="outline"
              block
              size="lg"
              loading={passkeyBusy}
              onClick={() => void signInWithPasskey()}
              data-testid="passkey-sign-in"
            >
              {t('login.withPasskey')}
            </Button>
          </>
        )}
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
