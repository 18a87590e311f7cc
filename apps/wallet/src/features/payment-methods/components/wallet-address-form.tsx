import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addWalletBodySchema, type PaymentMethod } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { errorField, fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddWalletMutation, useEditWalletMutation, useGetWalletOptionsQuery } from '../api/payment-methods-api.ts';
import { EditNote } from './edit-note.tsx';
import { apiErrorText, useStepUp } from '@app/app-kit';
import { HoldAheadNote } from './hold-ahead-note.tsx';

/**
 * Currency, network (always picked explicitly) and address; the server checks the address for that network.
 * With `editing`, the one change customer service allowed of that address; it locks again once saved.
 */
export function WalletAddressForm({
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
  const ids = { currency: useId(), network: useId() };
  const { data: options } = useGetWalletOptionsQuery();
  const [currency, setCurrency] = useState(editing?.currency ?? 'USDT');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [add, addState] = useAddWalletMutation();
  const [edit, editState] = useEditWalletMutation();
  const state = editing ? editState : addState;
  const stepUp = useStepUp();
  const networks = options?.currencies.find((c) => c.currency === currency)?.networks ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addWalletBodySchema, { currency, network, address }, t);
    if (!network) found.network = t('wallet.pickNetwork');
    setErrors(found);
    if (Object.keys(found).length || !stepUp.ready()) return;
    const code = stepUp.body();
    try {
      onDone(
        editing
          ? await edit({ id: editing.id, currency, network: network as never, address, ...code }).unwrap()
          : await add({ currency, network: network as never, address, ...code }).unwrap(),
      );
    } catch (error) {
      if (stepUp.refused(error)) return;
      setErrors({ [errorField(error) === 'network' ? 'network' : 'address']: apiErrorText(error, t) });
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
      {editing && <EditNote method={editing} />}
      <div>
        <label className={styles.label} htmlFor={ids.currency}>
          {t('wallet.currency')}
        </label>
        <select
          id={ids.currency}
          className={styles.select}
          value={currency}
          onChange={(e) => (setCurrency(e.target.value), setNetwork(''))}
        >
          {(options?.currencies ?? [{ currency: 'USDT', networks: [] }]).map((c) => (
            <option key={c.currency} value={c.currency}>
              {c.currency}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className={styles.label} htmlFor={ids.network}>
          {t('wallet.network')}
        </label>
        <select
          id={ids.network}
          className={styles.select}
          value={network}
          aria-invalid={errors.network ? true : undefined}
          aria-describedby={errors.network ? `${ids.network}-e` : undefined}
          onChange={(e) => setNetwork(e.target.value)}
        >
          <option value="">{t('wallet.pickNetwork')}</option>
          {networks.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
        {errors.network && (
          <p id={`${ids.network}-e`} className={styles.down} role="alert">
            {errors.network}
          </p>
        )}
      </div>
      <Field
        name="address"
        label={t('wallet.address')}
        value={address}
        autoComplete="off"
        spellCheck={false}
        error={errors.address}
        onChange={(e) => setAddress(e.target.value)}
      />
      <p className={styles.note}>{t('wallet.networkNote')}</p>
      <HoldAheadNote hours={holdHours} />
      {stepUp.field}
      <Button type="submit" block loading={state.isLoading}>
        {editing ? t('methods.editSubmit') : t('wallet.submit')}
      </Button>
    </form>
  );
}
