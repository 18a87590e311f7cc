import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addCardBodySchema } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { errorField, fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddCardMutation } from '../api/payment-methods-api.ts';
import { apiErrorText } from '@app/app-kit';

const FIELDS = ['bank_name', 'branch', 'holder', 'card_number'] as const;

/** Bank name, branch or area, holder and card number; locked once submitted. */
export function BankCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<Record<string, string>>({
    bank_name: '',
    branch: '',
    holder: '',
    card_number: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [add, state] = useAddCardMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addCardBodySchema, values, t);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    try {
      await add(values as never).unwrap();
      onDone();
    } catch (error) {
      const field = errorField(error);
      if (field && (FIELDS as readonly string[]).includes(field)) setErrors({ [field]: apiErrorText(error, t) });
      else setFormError(apiErrorText(error, t));
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {FIELDS.map((name) => (
        <Field
          key={name}
          name={name}
          label={t(`bank.${name}`)}
          value={values[name]}
          inputMode={name === 'card_number' ? 'numeric' : undefined}
          autoComplete="off"
          error={errors[name]}
          onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
          onBlur={() => setErrors((old) => ({ ...old, [name]: fieldErrors(addCardBodySchema, values, t)[name] ?? '' }))}
        />
      ))}
      <p className={styles.note}>{t('methods.lockedNote')}</p>
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={state.isLoading}>
        {t('bank.submit')}
      </Button>
    </form>
  );
}
