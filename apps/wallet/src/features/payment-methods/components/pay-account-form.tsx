import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addPayAccountBodySchema, type PaymentMethod } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddPayAccountMutation, useEditPayAccountMutation } from '../api/payment-methods-api.ts';
import { EditNote } from './edit-note.tsx';
import { apiErrorText, useStepUp } from '@app/app-kit';
import { HoldAheadNote } from './hold-ahead-note.tsx';

/**
 * An Alipay or WeChat Pay account; one of each, locked after submission. With `editing`, the one change customer
 * service allowed of that account; it locks again once saved.
 */
export function PayAccountForm({
  kind,
  onDone,
  editing,
  holdHours,
}: {
  kind: 'alipay' | 'wechat';
  onDone: (saved: PaymentMethod) => void;
  editing?: PaymentMethod | undefined;
  /** How long a new or changed destination waits before it can receive a withdrawal, said before it is saved. */
  holdHours?: number | undefined;
}) {
  const { t } = useTranslation(NS);
  const [holder, setHolder] = useState('');
  const [account, setAccount] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [add, addState] = useAddPayAccountMutation();
  const [edit, editState] = useEditPayAccountMutation();
  const state = editing ? editState : addState;
  const stepUp = useStepUp();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addPayAccountBodySchema, { kind, holder, account }, t);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length || !stepUp.ready()) return;
    const code = stepUp.body();
    try {
      onDone(
        editing
          ? await edit({ id: editing.id, kind, holder, account, ...code }).unwrap()
          : await add({ kind, holder, account, ...code }).unwrap(),
      );
    } catch (error) {
      if (stepUp.refused(error)) return;
      setFormError(apiErrorText(error, t));
    }
  };
  return (
    <>
      <h2 className={styles.heading}>{t(`kind.${kind}`)}</h2>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t(`kind.${kind}`)}>
        {editing && <EditNote method={editing} />}
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
        <HoldAheadNote hours={holdHours} />
        {stepUp.field}
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={state.isLoading}>
          {editing ? t('methods.editSubmit') : t('pay.submit', { kind: t(`kind.${kind}`) })}
        </Button>
      </form>
    </>
  );
}
