import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '@app/api-client';
import type { ClosureBlocker } from '@app/contracts';
import { Button, Checkbox, Field, useToast } from '@app/ui';
import { apiErrorText, DefaultPage, LoadError, Loading, useStepUp } from '@app/app-kit';
import { useInnerTranslation } from '../i18n-namespace.ts';
import { useCloseAccountMutation, useGetClosureCheckQuery } from '../features/account-closure/api/closure-api.ts';
import styles from '../features/passkeys/components/passkeys.module.css';
import closure from '../features/account-closure/components/account-closure.module.css';

/** Where the user goes to do each thing first. */
const WHERE: Record<ClosureBlocker['kind'], string> = {
  cash: '#/pages/user/cash',
  withdrawal: '#/pages/user/cashrecord',
  deposit: '#/pages/user/rechargerecord',
  plans: '#/pages/project/myproject',
  flexible: '#/pages/project/flexible',
  coins: '#/pages/user/wallet',
  orders: '#/pages/user/order',
  leading: '#/pages/copy/lead',
};

/**
 * Close my account: what closing does and cannot undo, what is left to do first (each with the page to do it on),
 * and, once nothing is left, the login password, a second factor when one is on, and an explicit "I understand".
 */
export default function CloseAccountPage() {
  const { t } = useInnerTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const check = useGetClosureCheckQuery(undefined, { refetchOnMountOrArgChange: true });
  const [close, closing] = useCloseAccountMutation();
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const stepUp = useStepUp();
  const [understood, setUnderstood] = useState(false);
  const [understoodError, setUnderstoodError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setPasswordError(t('enter_password', { ns: 'errors' }));
    if (!stepUp.ready()) return;
    if (!understood) return setUnderstoodError(t('closeAccount.understandRequired'));
    try {
      await close({ password, ...stepUp.body() }).unwrap();
      toast.info(t('account_closed_now', { ns: 'errors' }));
      navigate('/pages/login/login', { replace: true });
    } catch (error) {
      if (stepUp.refused(error)) return;
      if (isApiError(error) && error.field === 'password') setPasswordError(apiErrorText(error, t));
      else {
        toast.error(apiErrorText(error, t));
        // Something new stands in the way (an order placed elsewhere): show the list as it is now.
        void check.refetch();
      }
    }
  };

  const blockers = check.data?.blockers ?? [];
  return (
    <DefaultPage title={t('closeAccount.title')} backTo="/pages/user/security">
      <section className={styles.panel} aria-labelledby="close-what">
        <h2 id="close-what">{t('closeAccount.whatTitle')}</h2>
        <ul className={closure.consequences}>
          <li>{t('closeAccount.whatSignIn')}</li>
          <li>{t('closeAccount.whatErased')}</li>
          <li>{t('closeAccount.whatKept')}</li>
          <li>{t('closeAccount.whatFinal')}</li>
        </ul>
        <p>
          <a className={closure.link} href="#/pages/user/security">
            {t('closeAccount.exportFirst')}
          </a>
        </p>
      </section>
      {check.isError && !check.data ? (
        <LoadError error={check.error} onRetry={() => void check.refetch()} compact />
      ) : !check.data ? (
        <Loading lines={3} />
      ) : blockers.length > 0 ? (
        <section className={styles.panel} aria-labelledby="close-first" data-testid="close-blockers">
          <h2 id="close-first">{t('closeAccount.firstTitle')}</h2>
          <ul className={closure.blockers}>
            {blockers.map((b) => (
              <li key={`${b.kind}:${b.asset ?? ''}`} className={closure.blocker} data-kind={b.kind}>
                <span>
                  {t(`close_blocked_${b.kind}`, {
                    ns: 'errors',
                    amount: b.amount ?? undefined,
                    asset: b.asset ?? undefined,
                    count: b.count ?? undefined,
                  })}
                </span>
                <a className={closure.go} href={WHERE[b.kind]}>
                  {t(`closeAccount.goTo.${b.kind}`)}
                </a>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <form className={styles.panel} onSubmit={(e) => void submit(e)} noValidate data-testid="close-form">
          <p>{t('closeAccount.nothingLeft')}</p>
          <Field
            name="password"
            type="password"
            label={t('closeAccount.password')}
            autoComplete="current-password"
            value={password}
            error={passwordError ?? undefined}
            onChange={(e) => {
              setPassword(e.target.value);
              setPasswordError(null);
            }}
          />
          {stepUp.field}
          <Checkbox
            name="understood"
            checked={understood}
            onChange={(v) => {
              setUnderstood(v);
              setUnderstoodError(null);
            }}
            label={t('closeAccount.understand')}
            error={understoodError ?? undefined}
          />
          <Button type="submit" variant="danger" block loading={closing.isLoading}>
            {t('closeAccount.submit')}
          </Button>
        </form>
      )}
    </DefaultPage>
  );
}
