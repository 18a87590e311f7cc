import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { amountTextProblem, type RechargeChannel, type RechargeRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Button, Dialog, Field } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useDoRechargeMutation } from '../api/recharge-api.ts';
import { bonusFor } from '../lib/bonus.ts';
import { ChannelDetails } from './channel-details.tsx';
import { apiErrorText, ImageUploadField, newIdempotencyKey, UPLOAD_MAX_MB } from '@app/app-kit';
import { errorField } from '../../../lib/form-errors.ts';

/**
 * Recharge through one channel: where to pay, the amount (with its bonus shown), the payer (not for crypto), note
 * and screenshot; the texts fit the channel's kind.
 */
export function RechargeForm({ channel }: { channel: RechargeChannel }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [amount, setAmount] = useState('');
  const [payer, setPayer] = useState('');
  const [note, setNote] = useState('');
  const [uploadId, setUploadId] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<RechargeRecord | null>(null);
  const key = useMemo(() => newIdempotencyKey(), []);
  const [submit, state] = useDoRechargeMutation();
  // A crypto transfer has no payer name to give, and it has been sent already by the time this form is sent.
  const crypto = channel.kind === 'crypto';
  const bonus = Number(channel.bonus_pct) > 0 ? bonusFor(amount, channel.bonus_pct) : null;

  const check = (values = { amount, payer, uploadId }) => {
    const found: Record<string, string> = {};
    const n = Number(values.amount);
    const amountProblem = amountTextProblem(values.amount, 2);
    if (amountProblem) found.amount = t(amountProblem, { ns: 'errors' });
    else if (n < Number(channel.min) || n > Number(channel.max))
      found.amount = t('recharge_amount_limit', { ns: 'errors', min: channel.min, max: channel.max });
    if (!crypto && !values.payer.trim()) found.payer_name = t('please_fill_in', { ns: 'errors' });
    if (!values.uploadId) found.upload_id = t('upload_required', { ns: 'errors' });
    return found;
  };
  // A field showing an error is checked again as it changes, so the error goes the moment the field is fixed.
  const recheck = (name: 'amount' | 'payer_name' | 'upload_id', values: Parameters<typeof check>[0]) =>
    setErrors((old) => (old[name] ? { ...old, [name]: check(values)[name] ?? '' } : old));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length) return;
    try {
      setDone(
        await submit({
          channel_id: channel.id,
          amount: amount.trim(),
          payer_name: crypto ? '' : payer.trim(),
          transfer_note: note.trim(),
          upload_id: uploadId!,
          key,
        }).unwrap(),
      );
    } catch (error) {
      const field = errorField(error);
      if (field === 'amount' || field === 'payer_name' || field === 'upload_id')
        setErrors({ [field]: apiErrorText(error, t) });
      else setFormError(apiErrorText(error, t));
    }
  };
  return (
    <>
      <ChannelDetails channel={channel} />
      <form className={styles.form} onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field
          name="amount"
          label={t('recharge.amount')}
          inputMode="decimal"
          value={amount}
          error={errors.amount}
          hint={t('recharge.limits', { min: f.money(channel.min), max: f.money(channel.max) })}
          suffix="U"
          onChange={(e) => {
            setAmount(e.target.value);
            recheck('amount', { amount: e.target.value, payer, uploadId });
          }}
          onBlur={() => setErrors((old) => ({ ...old, amount: check().amount ?? '' }))}
        />
        {Number(channel.bonus_pct) > 0 && (
          <p className={styles.note} data-testid="bonus-note">
            {t('recharge.bonus', { pct: f.number(channel.bonus_pct, 2), amount: bonus ? f.money(bonus) : '—' })}
          </p>
        )}
        {!crypto && (
          <Field
            name="payer_name"
            label={t('recharge.payer')}
            value={payer}
            error={errors.payer_name}
            autoComplete="name"
            onChange={(e) => {
              setPayer(e.target.value);
              recheck('payer_name', { amount, payer: e.target.value, uploadId });
            }}
          />
        )}
        <Field
          name="transfer_note"
          label={t('recharge.note')}
          value={note}
          hint={t('recharge.noteHint')}
          onChange={(e) => setNote(e.target.value)}
        />
        <ImageUploadField
          testId="screenshot-input"
          texts={{
            label: t('recharge.screenshot'),
            choose: t('recharge.choosePicture'),
            change: t('recharge.changePicture'),
            uploading: t('recharge.uploading'),
            hint: t('recharge.screenshotHint', { max: UPLOAD_MAX_MB }),
            previewAlt: t('recharge.screenshotPreview'),
          }}
          onUploaded={(id) => {
            setUploadId(id);
            recheck('upload_id', { amount, payer, uploadId: id });
          }}
          error={errors.upload_id}
        />
        {formError && (
          <p className={styles.error} role="alert">
            {formError}
          </p>
        )}
        <Button type="submit" block loading={state.isLoading}>
          {t('recharge.submit')}
        </Button>
      </form>
      <Dialog
        open={done !== null}
        title={t('recharge_submitted', { ns: 'errors' })}
        onClose={() => setDone(null)}
        actions={
          <LinkButton href={done ? `#/pages/user/rechargerecord?id=${done.id}` : '#/pages/user/rechargerecord'}>
            {t('recharge.viewRecord')}
          </LinkButton>
        }
      >
        {done && (
          <dl className={styles.rows} data-testid="recharge-result">
            <div className={styles.row}>
              <dt>{t('record.amount')}</dt>
              <dd>{f.money(done.amount)}</dd>
            </div>
            <div className={styles.row}>
              <dt>{t('record.reference')}</dt>
              <dd className={styles.mono} data-testid="reference-code">
                {done.reference_code}
              </dd>
            </div>
            <p className={styles.note} data-testid="reference-hint">
              {t(crypto ? 'recharge.referenceHintCrypto' : 'recharge.referenceHint')}
            </p>
          </dl>
        )}
      </Dialog>
    </>
  );
}
