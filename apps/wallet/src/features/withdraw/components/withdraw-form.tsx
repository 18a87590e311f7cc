import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { amountTextProblem, formatMoney, parseMoney, type CashInfo, type WithdrawRecord } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { useGetUserInfoQuery } from '@app/api-client';
import { AlertIcon, Button, Dialog, EmptyState, Field, WalletIcon } from '@app/ui';
import { LinkButton } from '@app/ui/link-button';
import { NS } from '../../../i18n-namespace.ts';
import styles from '../../../lib/wallet.module.css';
import { useSubmitCashMutation } from '../api/withdraw-api.ts';
import { feeAndReceived } from '../lib/fee.ts';
import { FillAllButton } from '../../../lib/fill-all-button.tsx';
import { apiErrorText, newIdempotencyKey, SecondFactorField } from '@app/app-kit';
import { errorField } from '../../../lib/form-errors.ts';
import { blockOfRefusal, withdrawBlock, type WithdrawBlock } from '../lib/withdraw-block.ts';

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/**
 * The withdrawal form: a bound destination, the amount with the fee and the exact amount received, then a
 * confirmation that restates the terms and asks for the fund password (and, with an authenticator on, its code).
 */
export function WithdrawForm({ info }: { info: CashInfo }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const [methodId, setMethodId] = useState<number | null>(info.destinations[0]?.id ?? null);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  // Asked when the rules say a factor is on, or when the server asked for one (turned on in another tab).
  const askCode = info.second_factor || codeError !== null;
  const [done, setDone] = useState<WithdrawRecord | null>(null);
  // The user's own word on the sheet: a "withdrawal" page without it is not ours.
  const antiPhishing = info.anti_phishing_code ?? null;
  const [key, setKey] = useState(() => newIdempotencyKey());
  const [submit, state] = useSubmitCashMutation();
  // A frozen account (the user's own freeze or customer service's) withdraws nothing until it is unfrozen; an
  // older server does not send the field: not frozen.
  const frozenAt = useGetUserInfoQuery().data?.frozen_at ?? null;
  const frozen = frozenAt !== null;
  const terms = useMemo(
    () => (AMOUNT.test(amount.trim()) ? feeAndReceived(amount.trim(), info.fee_pct, info.fee_min) : null),
    [amount, info],
  );
  const method = info.destinations.find((d) => d.id === methodId) ?? null;
  const [refused, setRefused] = useState<WithdrawBlock | null>(null);
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  const block = refused ?? withdrawBlock(info, method, now);
  const blockText = useBlockText();
  const blockEnds = block?.until ?? null;
  useEffect(() => {
    if (blockEnds === null) return;
    // Continue comes back by itself when the hold ends or the window opens (a timer holds at most ~24.8 days).
    const timer = setTimeout(
      () => {
        setRefused(null);
        setNow(Math.floor(Date.now() / 1000));
      },
      Math.min(Math.max(0, blockEnds * 1000 - Date.now()) + 1000, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [blockEnds]);

  const frozenBanner = frozen && <FrozenBanner since={frozenAt} />;
  if (info.destinations.length === 0) {
    // Binding a destination is refused too while frozen: the banner is the whole answer.
    if (frozenBanner) return <div className={styles.form}>{frozenBanner}</div>;
    return (
      <EmptyState
        icon={<WalletIcon />}
        title={t('bind_bank_card_first', { ns: 'errors' })}
        description={t('cash.noDestinationBody')}
        action={<LinkButton href="#/pages/payment/bindbank">{t('titles.bindBank')}</LinkButton>}
      />
    );
  }

  const check = (value = amount): string | null => {
    const n = Number(value);
    const problem = amountTextProblem(value, 2);
    if (problem) return t(problem, { ns: 'errors' });
    if (n < Number(info.min) || n > Number(info.max))
      return t('withdraw_amount_limit', { ns: 'errors', min: info.min, max: info.max });
    if (n > Number(info.available)) return t('balance_insufficient', { ns: 'errors' });
    return null;
  };
  const next = (event: FormEvent) => {
    event.preventDefault();
    if (frozen) return;
    const problem = check();
    setError(problem);
    if (!problem) setConfirming(true);
  };
  const send = async () => {
    if (!password) return setPasswordError(t('fund_password_required', { ns: 'errors' }));
    if (askCode && !code.trim()) return setCodeError(t('second_factor_required', { ns: 'errors' }));
    setPasswordError(null);
    setCodeError(null);
    try {
      setDone(
        await submit({
          method_id: methodId!,
          amount: amount.trim(),
          fund_password: password,
          ...(askCode ? { second_factor_code: code.trim() } : {}),
          key,
        }).unwrap(),
      );
      setConfirming(false);
      setPassword('');
      setCode('');
      setAmount('');
      setKey(newIdempotencyKey());
    } catch (e) {
      const stop = blockOfRefusal(e);
      if (stop) {
        setConfirming(false);
        setRefused(stop);
      } else if (errorField(e) === 'fund_password') setPasswordError(apiErrorText(e, t));
      else if (errorField(e) === 'second_factor_code') {
        setCode('');
        setCodeError(apiErrorText(e, t));
      } else {
        setConfirming(false);
        setError(apiErrorText(e, t));
      }
    }
  };
  const row = (label: string, value: string, testId?: string) => (
    <div className={styles.row}>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );

  return (
    <>
      <form className={styles.form} onSubmit={next} noValidate>
        {frozenBanner}
        <fieldset className={styles.chips}>
          <legend className={styles.label}>{t('cash.destination')}</legend>
          {info.destinations.map((d) => (
            <button
              key={d.id}
              type="button"
              className={styles.chip}
              aria-pressed={d.id === methodId}
              onClick={() => setMethodId(d.id)}
            >
              {t(`kind.${d.kind}`)} · {d.title} {d.masked}
            </button>
          ))}
        </fieldset>
        {(info.allowlist?.state ?? 'off') !== 'off' && (
          <p className={styles.note} data-testid="cash-allowlist">
            <a href="#/pages/user/allowlist">{t('cash.allowlistOn', { count: info.allowlist!.hold_hours })}</a>
          </p>
        )}
        <Field
          name="amount"
          label={t('cash.amount')}
          inputMode="decimal"
          value={amount}
          suffix={
            <>
              U
              <FillAllButton
                amount={withdrawable(info)}
                onFill={(all) => {
                  setAmount(all);
                  setError(check(all));
                }}
              />
            </>
          }
          error={error}
          hint={t('cash.limits', {
            min: f.money(info.min),
            max: f.money(info.max),
            available: f.money(info.available),
          })}
          onChange={(e) => {
            setAmount(e.target.value);
            // An error shown is checked again as the amount changes: it goes once the amount is right.
            if (error) setError(check(e.target.value));
          }}
          onBlur={() => amount && setError(check())}
        />
        <dl className={styles.rows} data-testid="cash-terms">
          {row(
            t('cash.fee', { pct: f.number(info.fee_pct, 2), min: f.money(info.fee_min) }),
            terms ? f.money(terms.fee) : '—',
            'cash-fee',
          )}
          {row(t('cash.received'), terms ? f.money(terms.received) : '—', 'cash-received')}
        </dl>
        {block && (
          <p id="cash-blocked" className={styles.error} role="status" data-testid="cash-blocked">
            {blockText(block)}
          </p>
        )}
        <Button
          type="submit"
          block
          disabled={!method || block !== null || frozen}
          aria-describedby={frozen ? FROZEN_ID : block ? 'cash-blocked' : undefined}
        >
          {t('cash.next')}
        </Button>
      </form>
      <Dialog
        open={confirming}
        title={t('cash.confirmTitle')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
            <Button loading={state.isLoading} onClick={() => void send()}>
              {t('cash.submit')}
            </Button>
          </>
        }
      >
        <dl className={styles.rows}>
          {method && row(t('cash.destination'), `${method.title} ${method.masked}`)}
          {row(t('record.amount'), f.money(amount.trim() || '0'))}
          {terms && row(t('glossary.fee', { ns: 'common' }), f.money(terms.fee))}
          {terms && row(t('cash.received'), f.money(terms.received))}
        </dl>
        <p className={styles.note}>{t('cash.reviewNote')}</p>
        {antiPhishing && (
          <p className={styles.note} data-testid="anti-phishing-code">
            {t('cash.antiPhishing', { code: antiPhishing })}
          </p>
        )}
        <Field
          name="fund_password"
          type="password"
          autoComplete="off"
          label={t('cash.fundPassword')}
          value={password}
          error={passwordError}
          onChange={(e) => setPassword(e.target.value)}
        />
        {askCode && <SecondFactorField value={code} onChange={setCode} error={codeError} />}
      </Dialog>
      <Dialog
        open={done !== null}
        title={t('withdrawal_submitted', { ns: 'errors' })}
        onClose={() => setDone(null)}
        actions={
          <LinkButton href={done ? `#/pages/user/cashrecord?id=${done.id}` : '#/pages/user/cashrecord'}>
            {t('cash.viewRecord')}
          </LinkButton>
        }
      >
        {done && (
          <dl className={styles.rows} data-testid="cash-result">
            {row(t('record.amount'), f.money(done.amount))}
            {row(t('glossary.fee', { ns: 'common' }), f.money(done.fee))}
            {row(t('cash.received'), f.money(done.received))}
          </dl>
        )}
      </Dialog>
    </>
  );
}

const FROZEN_ID = 'cash-frozen';

/** The frozen account's banner: since when, who can unfreeze it, and the way to them. */
function FrozenBanner({ since }: { since: number }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <div id={FROZEN_ID} className={styles.banner} role="status" data-testid="cash-frozen">
      <AlertIcon size={22} />
      <div className={styles.bannerText}>
        <p className={styles.strong}>{t('cash.frozenSince', { time: f.dateTime(since) })}</p>
        <p className={styles.note}>{t('cash.frozenBody')}</p>
        <LinkButton variant="secondary" size="sm" href="#/pages/customer/customer">
          {t('cash.frozenContact')}
        </LinkButton>
      </div>
    </div>
  );
}

/** A block in words: one moment, in the reader's language, format and time zone, wherever it is shown. */
function useBlockText() {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (block: WithdrawBlock) =>
    block.kind === 'closed'
      ? t('cash.closedUntil', { time: f.dateTime(block.until) })
      : t(block.kind === 'hold' ? 'withdraw_on_hold' : 'withdraw_allowlist_hold', {
          ns: 'errors',
          until: f.dateTime(block.until),
        });
}

/** The most one withdrawal may take now: the cash available, within the single maximum and what is left today. */
export function withdrawable(info: CashInfo): string | null {
  const limits = [info.available, info.max, info.remaining_amount].map((v) => parseMoney(v));
  if (limits.some((v) => v === null)) return null;
  const most = (limits as bigint[]).reduce((a, b) => (b < a ? b : a));
  return most > 0n ? formatMoney(most) : null;
}

/** The day's rules: hours, count and amount left (what stops a withdrawal now is said by the form's button). */
export function CashRules({ info }: { info: CashInfo }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <section className={styles.card} aria-label={t('cash.rules')}>
      <dl className={styles.rows}>
        <div className={styles.row}>
          <dt>{t('glossary.available', { ns: 'common' })}</dt>
          <dd data-testid="cash-available">{f.money(info.available)}</dd>
        </div>
        <div className={styles.row}>
          <dt>{t('cash.hours')}</dt>
          <dd>
            {info.window.from === info.window.to ? '00:00–24:00' : `${info.window.from}–${info.window.to}`} (
            {info.window.time_zone})
          </dd>
        </div>
        <div className={styles.row}>
          <dt>{t('cash.todayLeft')}</dt>
          <dd>
            {t('cash.todayLeftValue', {
              remaining: info.remaining_count,
              count: info.daily_count,
              amount: f.money(info.remaining_amount),
            })}
          </dd>
        </div>
      </dl>
      {!info.has_fund_password && (
        <p className={styles.note}>
          {t('cash.noFundPassword')} <a href="#/pages/user/setfundpassword">{t('cash.setFundPassword')}</a>
        </p>
      )}
    </section>
  );
}
