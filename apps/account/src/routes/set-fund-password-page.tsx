import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useGetUserInfoQuery } from '@app/api-client';
import { changeFundPasswordBodySchema, type UserInfo } from '@app/contracts';
import { Button, Delayed, Skeleton } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { DefaultPage, useGoBack } from '@app/app-kit';
import { NS } from '../i18n-namespace.ts';
import { useHoldNote } from '../features/password/hooks/use-hold-note.ts';
import { HoldAheadNote } from '../features/password/components/hold-ahead-note.tsx';
import { PasswordForm } from '../features/password/components/password-form.tsx';
import { useChangeFundPasswordMutation } from '../features/password/api/password-api.ts';
import { ResetPasswordForm } from '../features/session/components/reset-password-form.tsx';
import { ResetDone } from '../features/session/components/reset-done.tsx';
import { ResetExplanation, ResetStep } from '../features/session/components/reset-step.tsx';
import resetStyles from '../features/session/components/reset-password.module.css';
import prose from '../lib/prose.module.css';

const SECURITY = '/pages/user/security';

/**
 * The first fund password needs no old one (the spec); the user info says which case this is. A user who forgot
 * theirs follows "Forgot your fund password?" (`?forgot=1`): customer service opens a reset, and the user sets
 * the new one with a code sent to the account's phone.
 */
export default function SetFundPasswordPage() {
  const { t } = useTranslation(NS);
  const [params] = useSearchParams();
  const { data: user } = useGetUserInfoQuery();
  const forgot = params.get('forgot') === '1';
  return (
    <DefaultPage title={t(forgot ? 'reset.fundTitle' : 'password.fundTitle')} padded={!forgot} backTo={SECURITY}>
      {!user ? (
        <Delayed>
          <Skeleton lines={3} label={t('states.loading', { ns: 'common' })} />
        </Delayed>
      ) : forgot ? (
        <FundReset user={user} />
      ) : (
        <FundChange user={user} />
      )}
    </DefaultPage>
  );
}

function FundChange({ user }: { user: UserInfo }) {
  const { t } = useTranslation(NS);
  const goBack = useGoBack(SECURITY);
  const [change, { isLoading }] = useChangeFundPasswordMutation();
  const holdNote = useHoldNote();
  return (
    <>
      {user.has_fund_password ? <HoldAheadNote /> : <p className={prose.lead}>{t('password.fundFirst')}</p>}
      <PasswordForm
        schema={changeFundPasswordBodySchema}
        needsOld={user.has_fund_password}
        // Setting the first one is no change, so it is not stepped up.
        askSecondFactor={user.has_fund_password && user.second_factor}
        busy={isLoading}
        labels={{
          password: t('password.newFund'),
          confirm: t('password.confirmFund'),
          submit: t('actions.save', { ns: 'common' }),
          done: t('fund_password_set', { ns: 'errors' }),
        }}
        onSubmit={(values) =>
          change(
            user.has_fund_password ? values : { password: values.password, password_confirm: values.password_confirm },
          ).unwrap()
        }
        onDone={goBack}
        holdNote={holdNote}
      />
      {user.has_fund_password && (
        <div className={resetStyles.links}>
          <a className={resetStyles.link} href="#/pages/user/setfundpassword?forgot=1">
            {t('reset.fundForgot')}
          </a>
        </div>
      )}
    </>
  );
}

function FundReset({ user }: { user: UserInfo }) {
  const { t } = useTranslation(NS);
  const navigate = useNavigate();
  const [done, setDone] = useState(false);
  if (done) {
    return (
      <ResetDone
        kind="fund"
        action={
          <Button block size="lg" onClick={() => navigate(SECURITY, { replace: true })}>
            {t('reset.done')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <ResetStep number={1} title={t('forgot.askTitle')}>
        <ResetExplanation>
          <p>{t('reset.fundIntro')}</p>
          <p>{t('forgot.safety')}</p>
          <LinkButton variant="secondary" block href="#/pages/customer/customer">
            {t('forgot.contact')}
          </LinkButton>
        </ResetExplanation>
      </ResetStep>
      <ResetStep number={2} title={t('reset.fundSetTitle')}>
        <ResetPasswordForm kind="fund" phone={user.phone} onDone={() => setDone(true)} />
      </ResetStep>
    </>
  );
}
