import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '@app/api-client';
import { Button, Checkbox, Field, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useForm } from '../lib/forms/use-form.ts';
import { useRegisterMutation } from '../features/session/api/session-api.ts';
import { SendCodeButton } from '../features/session/components/send-code-button.tsx';
import { clearRegisterDraft, keepRegisterDraft, startRegisterDraft } from '../features/session/lib/register-draft.ts';
import { PasswordToggle } from '../lib/password-toggle.tsx';
import { safeRedirect } from '../lib/safe-redirect.ts';
import { AuthPage } from './auth-page.tsx';
import styles from '../features/session/components/auth-layout.module.css';

/** The server's schema of the register body, loaded when the form is first used (see useForm), as Login's is. */
const registerSchema = () => import('@app/contracts').then((m) => m.registerBodySchema);

export default function RegisterPage() {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const toast = useToast();
  const [params] = useSearchParams();
  const redirect = safeRedirect(params.get('redirect'));
  const [register, { isLoading }] = useRegisterMutation();
  const [visible, setVisible] = useState(false);
  const inviteLink = params.get('invite');
  // What was typed before a look at the user agreement (or a reload) comes back; see register-draft.ts.
  const [draft] = useState(() => startRegisterDraft(inviteLink));
  const form = useForm(registerSchema, draft.values);
  useEffect(() => keepRegisterDraft(form.values, inviteLink), [form.values, inviteLink]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await register({ ...values, agree: values.agree ? '1' : '0' }).unwrap();
      clearRegisterDraft();
      toast.info(t('registered', { ns: 'errors' }));
      navigate(redirect, { replace: true });
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });
  return (
    <AuthPage title={t('register.title')} subtitle={t('register.subtitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Field
          label={t('form.accountName')}
          placeholder={t('form.accountNamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          {...form.field('account')}
        />
        <Field
          label={t('form.phone')}
          placeholder={t('form.phonePlaceholder')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          {...form.field('phone')}
        />
        <Field
          label={t('form.code')}
          placeholder={t('form.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          suffix={<SendCodeButton phone={form.values.phone} onPhoneInvalid={() => form.blur('phone')} />}
          {...form.field('code')}
        />
        <Field
          label={t('form.password')}
          placeholder={t('form.newPasswordPlaceholder')}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          suffix={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
          hint={draft.passwordLost && !form.values.password ? t('register.passwordNotKept') : undefined}
          {...form.field('password')}
        />
        <Field
          label={t('form.passwordConfirm')}
          placeholder={t('form.passwordConfirmPlaceholder')}
          type={visible ? 'text' : 'password'}
          autoComplete="new-password"
          {...form.field('password_confirm')}
        />
        <Field
          label={t('form.inviteCode')}
          placeholder={t('form.inviteCodePlaceholder')}
          autoCapitalize="characters"
          spellCheck={false}
          {...form.field('invite_code')}
        />
        <Checkbox
          name="agree"
          checked={form.values.agree}
          onChange={(checked) => form.set('agree', checked)}
          onBlur={() => form.blur('agree')}
          label={
            <Trans
              t={t}
              i18nKey="register.agreeText"
              components={{
                // Trans puts the translated link text ("user agreement") inside the anchor.
                // eslint-disable-next-line jsx-a11y/anchor-has-content
                1: <a className={styles.inlineLink} href="#/pages/public/agreement" />,
              }}
            />
          }
          error={form.error('agree')}
        />
        <Button type="submit" block size="lg" loading={isLoading}>
          {t('register.submit')}
        </Button>
        <div className={styles.links}>
          <a className={styles.link} href="#/pages/login/login">
            {t('register.toLogin')}
          </a>
        </div>
      </form>
    </AuthPage>
  );
}
