import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addWalletBodySchema } from '@app/contracts';
import { Button, Field } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { errorField, fieldErrors } from '../../../lib/form-errors.ts';
import styles from '../../../lib/wallet.module.css';
import { useAddWalletMutation, useGetWalletOptionsQuery } from '../api/payment-methods-api.ts';
import { apiErrorText } from '@app/app-kit';

/** Currency, network (always picked explicitly) and address; the server checks the address for that network. */
export function WalletAddressForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(NS);
  const ids = { currency: useId(), network: useId() };
  const { data: options } = useGetWalletOptionsQuery();
  const [currency, setCurrency] = useState('USDT');
  const [network, setNetwork] = useState('');
  const [address, setAddress] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [add, state] = useAddWalletMutation();
  const networks = options?.currencies.find((c) => c.currency === currency)?.networks ?? [];
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = fieldErrors(addWalletBodySchema, { currency, network, address }, t);
    if (!network) found.network = t('wallet.pickNetwork');
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await add({ currency, network: network as never, address }).unwrap();
      onDone();
    } catch (error) {
      setErrors({ [errorField(error) === 'network' ? 'network' : 'address']: apiErrorText(error, t) });
    }
  };
  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
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
      <Button type="submit" block loading={state.isLoading}>
        {t('wallet.submit')}
      </Button>
    </form>
  );
}
