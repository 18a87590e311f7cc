import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/api-client';
import { resetPasswordBodySchema, type PasswordKind } from '@app/contracts';
import { Button, Field, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useForm } from '../../../lib/forms/use-form.ts';
import { PasswordToggle } from '../../../lib/password-toggle.tsx';
import { useResetPasswordMutation } from '../api/session-api.ts';
import { SendCodeButton } from './send-code-button.tsx';
import styles from './reset-password.module.css';

/**
 * The user's half of a reset customer service opened: the account's phone, the SMS code sent to it, and the new
 * password twice, which only the user ever chooses or sees. A logged-in user resetting the fund password gets
 * their own phone filled in and fixed. Refusals about a field show under it, in the user's language.
 */
export function ResetPasswordForm({
  kind,
  phone,
  onDone,
}: {
  kind: PasswordKind;
  /** The logged-in user's phone: shown, not editable. Without it the user types the account's phone. */
  phone?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [reset, { isLoading }] = useResetPasswordMutation();
  const [visible, setVisible] = useState(false);
  const form = useForm(resetPasswordBodySchema, {
    phone: phone ?? '',
    kind,
    code: '',
    password: '',
    password_confirm: '',
  });
  const type = visible ? 'text' : 'password';
  const fund = kind === 'fund';

  const submit = form.handleSubmit(async (values) => {
    try {
      await reset(values).unwrap();
      onDone();
    } catch (error) {
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid={`reset-${kind}-form`}>
      <Field
        label={t('form.phone')}
        placeholder={phone ? undefined : t('form.phonePlaceholder')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        readOnly={Boolean(phone)}
        className={phone ? styles.fixed : undefined}
        hint={phone ? t('reset.phoneFixed') : undefined}
        {...form.field('phone')}
      />
      <Field
        label={t('form.code')}
        placeholder={t('form.codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        suffix={
          <SendCodeButton
            phone={form.values.phone}
            purpose={fund ? 'reset_fund' : 'reset_login'}
            onPhoneInvalid={() => form.blur('phone')}
            onRefused={form.showServerError}
            // The server took the number: an earlier refusal under it no longer applies.
            onSent={() => form.set('phone', form.values.phone)}
          />
        }
        {...form.field('code')}
      />
      <Field
        label={t(fund ? 'password.newFund' : 'password.new')}
        placeholder={t('form.newPasswordPlaceholder')}
        type={type}
        autoComplete="new-password"
        suffix={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
        {...form.field('password')}
      />
      <Field
        label={t(fund ? 'password.confirmFund' : 'password.confirm')}
        placeholder={t('form.passwordConfirmPlaceholder')}
        type={type}
        autoComplete="new-password"
        {...form.field('password_confirm')}
      />
      <Button type="submit" block size="lg" loading={isLoading}>
        {t(fund ? 'reset.submitFund' : 'reset.submit')}
      </Button>
    </form>
  );
}
