import { useTranslation } from 'react-i18next';
import { useGetUserInfoQuery } from '@app/api-client';
import { changeFundPasswordBodySchema } from '@app/contracts';
import { Delayed, Skeleton } from '@app/ui';
import { DefaultPage, useGoBack } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { PasswordForm } from '../features/password/components/password-form.tsx';
import { useChangeFundPasswordMutation } from '../features/password/api/password-api.ts';
import prose from '../lib/prose.module.css';

/** The first fund password needs no old one (the spec); the user info says which case this is. */
export default function SetFundPasswordPage() {
  const { t } = useTranslation(NS);
  const goBack = useGoBack('/pages/user/security');
  const { data: user } = useGetUserInfoQuery();
  const [change, { isLoading }] = useChangeFundPasswordMutation();
  return (
    <DefaultPage title={t('password.fundTitle')} padded>
      {user ? (
        <>
          {!user.has_fund_password && <p className={prose.lead}>{t('password.fundFirst')}</p>}
          <PasswordForm
            schema={changeFundPasswordBodySchema}
            needsOld={user.has_fund_password}
            busy={isLoading}
            labels={{
              password: t('password.newFund'),
              confirm: t('password.confirmFund'),
              submit: t('actions.save', { ns: 'common' }),
              done: t('fund_password_set', { ns: 'errors' }),
            }}
            onSubmit={(values) =>
              change(
                user.has_fund_password
                  ? values
                  : { password: values.password, password_confirm: values.password_confirm },
              ).unwrap()
            }
            onDone={goBack}
          />
        </>
      ) : (
        <Delayed>
          <Skeleton lines={3} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      )}
    </DefaultPage>
  );
}
