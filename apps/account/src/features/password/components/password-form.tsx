import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/api-client';
import { Button, Field, useToast } from '@app/ui';
import { apiErrorText, SecondFactorField } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useForm, type FormSchema } from '../../../lib/forms/use-form.ts';
import { PasswordToggle } from '../../../lib/password-toggle.tsx';

type Values = { old_password: string; password: string; password_confirm: string; second_factor_code: string };

/**
 * Old password (unless this is the first fund password), new password twice. The same form serves the
 * login and the fund password; the schema and the labels differ. With an authenticator on, a change asks for its
 * code too (step-up).
 */
export function PasswordForm({
  schema,
  needsOld,
  askSecondFactor,
  labels,
  onSubmit,
  busy,
  onDone,
  holdNote,
}: {
  schema: FormSchema;
  needsOld: boolean;
  /** The user has a second factor on: the change needs a fresh code. */
  askSecondFactor: boolean;
  labels: { password: string; confirm: string; submit: string; done: string };
  onSubmit: (values: Values) => Promise<unknown>;
  busy: boolean;
  onDone: () => void;
  /** The withdrawal hold the change started, said with the success. */
  holdNote?: () => Promise<string | null>;
}) {
  const { t } = useTranslation(NS);
  const toast = useToast();
  const [visible, setVisible] = useState(false);
  const form = useForm(schema, { old_password: '', password: '', password_confirm: '', second_factor_code: '' });
  const code = form.field('second_factor_code');
  // Asked for by the server too (the factor turned on in another tab since this page loaded).
  const [asked, setAsked] = useState(false);
  const type = visible ? 'text' : 'password';
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(needsOld ? values : { ...values, old_password: '' });
      const note = holdNote ? await holdNote() : null;
      toast.info(labels.done);
      // The hold as a toast of its own, under the success: two sentences, each in its language's punctuation.
      if (note) toast.info(note);
      onDone();
    } catch (error) {
      form.set('second_factor_code', '');
      if (isApiError(error) && error.field === 'second_factor_code') setAsked(true);
      if (!isApiError(error) || !form.showServerError(error)) toast.error(apiErrorText(error, t));
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      {needsOld && (
        <Field label={t('password.old')} type={type} autoComplete="current-password" {...form.field('old_password')} />
      )}
      <Field
        label={labels.password}
        type={type}
        autoComplete="new-password"
        hint={t('password.rule')}
        suffix={<PasswordToggle visible={visible} onToggle={() => setVisible((v) => !v)} />}
        {...form.field('password')}
      />
      <Field label={labels.confirm} type={type} autoComplete="new-password" {...form.field('password_confirm')} />
      {(askSecondFactor || asked) && (
        <SecondFactorField value={code.value} onChange={(v) => form.set('second_factor_code', v)} error={code.error} />
      )}
      <Button type="submit" block size="lg" loading={busy}>
        {labels.submit}
      </Button>
    </form>
  );
}
