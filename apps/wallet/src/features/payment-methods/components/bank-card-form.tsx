import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addCardBodySchema, type PaymentMethod } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { errorField, fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddCardMutation, useEditCardMutation } from '../api/payment-methods-api.ts';
import { EditNote } from './edit-note.tsx';
import { apiErrorText, useStepUp } from '@app/app-kit';
import { HoldAheadNote } from './hold-ahead-note.tsx';

const FIELDS = ['bank_name', 'branch', 'holder', 'card_number'] as const;

/**
 * Bank name, branch or area, holder and card number; locked once submitted. With `editing`, the one change
 * customer service allowed of that card: the same fields, and it locks again once saved.
 */
export function BankCardForm({
  onDone,
  editing,
  holdHours,
}: {
  onDone: (saved: PaymentMethod) => void;
  editing?: PaymentMethod | undefined;
  /** How long a new or changed destination waits before it can receive a withdrawal, said before it is saved. */
  holdHours?: number | undefined;
}) {
  const { t } = useTranslation(NS);
  const [values, setValues] = useState<Record<string, string>>({
    bank_name: '',
    branch: '',
    holder: '',
    card_number: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [add, addState] = useAddCardMutation();
  const [edit, editState] = useEditCardMutation();
  const state = editing ? editState : addState;
  const stepUp = useStepUp();
  // A tap on "Bind card" blurs the field first: had the blur taken an error line away (or added one), the button
  // would move from under the finger before the tap's click landed, and the tap would be lost. So every field
  // keeps its error line's room (reserveErrorLine), and a field showing an error is checked again as it is typed
  // in, so the error goes the moment it is fixed (a server's refusal too, once the refused value changes).
  const change = (name: (typeof FIELDS)[number], value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (errors[name]) setErrors((old) => ({ ...old, [name]: fieldErrors(addCardBodySchema, next, t)[name] ?? '' }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addCardBodySchema, values, t);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length || !stepUp.ready()) return;
    const body = { ...values, ...stepUp.body() };
    try {
      onDone(editing ? await edit({ ...body, id: editing.id } as never).unwrap() : await add(body as never).unwrap());
    } catch (error) {
      if (stepUp.refused(error)) return;
      const field = errorField(error);
      if (field && (FIELDS as readonly string[]).includes(field)) setErrors({ [field]: apiErrorText(error, t) });
      else setFormError(apiErrorText(error, t));
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {editing && <EditNote method={editing} />}
      {FIELDS.map((name) => (
        <Field
          key={name}
          name={name}
          label={t(`bank.${name}`)}
          value={values[name]}
          inputMode={name === 'card_number' ? 'numeric' : undefined}
          autoComplete="off"
          error={errors[name]}
          reserveErrorLine
          onChange={(e) => change(name, e.target.value)}
          onBlur={() =>
            // An error already shown is up to date (typing checks it again), so a blur only ever adds one.
            setErrors((old) =>
              old[name] ? old : { ...old, [name]: fieldErrors(addCardBodySchema, values, t)[name] ?? '' },
            )
          }
        />
      ))}
      <p className={styles.note}>{t('methods.lockedNote')}</p>
      <HoldAheadNote hours={holdHours} />
      {stepUp.field}
      {formError && (
        <p className={styles.error} role="alert">
          {formError}
        </p>
      )}
      <Button type="submit" block loading={state.isLoading}>
        {editing ? t('methods.editSubmit') : t('bank.submit')}
      </Button>
    </form>
  );
}
