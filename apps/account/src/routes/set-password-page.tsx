import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { changeLoginPasswordBodySchema } from '@app/contracts';
import { DefaultPage, useGoBack } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useHoldNote } from '../features/password/hooks/use-hold-note.ts';
import { HoldAheadNote } from '../features/password/components/hold-ahead-note.tsx';
import { PasswordForm } from '../features/password/components/password-form.tsx';
import { useChangeLoginPasswordMutation } from '../features/password/api/password-api.ts';

export default function SetPasswordPage() {
  const { t } = useTranslation(NS);
  const goBack = useGoBack('/pages/user/security');
  const [change, { isLoading }] = useChangeLoginPasswordMutation();
  const holdNote = useHoldNote();
  const { data: user } = useGetUserInfoQuery();
  return (
    <DefaultPage title={t('password.loginTitle')} padded>
      <HoldAheadNote />
      <PasswordForm
        schema={changeLoginPasswordBodySchema}
        needsOld
        askSecondFactor={Boolean(user?.second_factor)}
        busy={isLoading}
        labels={{
          password: t('password.new'),
          confirm: t('password.confirm'),
          submit: t('actions.save', { ns: 'common' }),
          done: t('password_changed', { ns: 'errors' }),
        }}
        onSubmit={(values) => change(values).unwrap()}
        onDone={goBack}
        holdNote={holdNote}
      />
    </DefaultPage>
  );
}
