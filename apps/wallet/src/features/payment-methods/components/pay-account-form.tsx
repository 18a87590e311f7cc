import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addPayAccountBodySchema } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddPayAccountMutation } from '../api/payment-methods-api.ts';
import { apiErrorText } from '@app/app-kit';

/** An Alipay or WeChat Pay account; one of each, locked after submission. */
export function PayAccountForm({ kind, onDone }: { kind: 'alipay' | 'wechat'; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [holder, setHolder] = useState('');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [add, state] = useAddPayAccountMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addPayAccountBodySchema, { kind, holder, account }, t);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    try {
      await add({ kind, holder, account }).unwrap();
      onDone();
    } catch (error) {
      setFormError(apiErrorText(error, t));
    }
  };
  return (
    <>
      <h2 className={styles.heading}>{t(`kind.${kind}`)}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t(`kind.${kind}`)}>
        <Field
          name={`${kind}-holder`}
          label={t('pay.holder')}
          value={holder}
          error={errors.holder}
          onChange={(e) => setHolder(e.target.value)}
        />
        <Field
          name={`${kind}-account`}
          label={t('pay.account', { kind: t(`kind.${kind}`) })}
          value={account}
          error={errors.account}
          autoComplete="off"
          onChange={(e) => setAccount(e.target.value)}
        />
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={state.isLoading}>
          {t('pay.submit', { kind: t(`kind.${kind}`) })}
        </Button>
      </form>
    </>
  );
}
