import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@app/api-client';
import { formatMoney, type ContractTerms, type Direction, type Order, type OrderMode } from '@app/contracts';
import { Button, Checkbox, Dialog, Field, cx, useToast } from '@app/ui';
import { apiErrorText } from '@app/app-kit';
import { useFormatters } from '@app/i18n/client';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import { usePlaceOrderMutation } from '../api/place-order-api.ts';
import { IntentKey } from '../lib/intent-key.ts';
import { quickQuote, saveQuickTrade, type QuickTrade } from '../lib/quick-trade.ts';
import styles from './quick-trade.module.css';

/**
 * Quick trade's two buttons: one tap places an order at the stake and period the user set, with the stake, the
 * period, the payout and what a win and a loss come to written on the button before the tap. One order per tap:
 * a tap while one is being placed does nothing, and each tap's idempotency key is its own (kept only to retry a
 * tap whose answer was lost, so that one opens at most once).
 */
export function QuickButtons({
  symbol,
  mode,
  settings,
  term,
  disabled,
  onPlaced,
}: {
  symbol: string;
  mode: OrderMode;
  settings: QuickTrade;
  term: ContractTerms;
  disabled: boolean;
  onPlaced: (order: Order) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const toast = useToast();
  const period = usePeriodLabel();
  const [placeOrder] = usePlaceOrderMutation();
  const sending = useRef(false);
  const [busy, setBusy] = useState(false);
  const intent = useRef(new IntentKey());
  const quote = quickQuote(settings.amount, term)!;
  const tap = async (direction: Direction) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    const body = { symbol, seconds: term.seconds, amount: settings.amount, direction, mode };
    const key = intent.current.for(`${symbol}|${term.seconds}|${settings.amount}|${direction}|${mode}`);
    try {
      const order = await placeOrder({ ...body, key }).unwrap();
      intent.current.consumed();
      toast.info(t('quick.placed'));
      onPlaced(order);
    } catch (error) {
      if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
        toast.error(t('sheet.sendUncertain'));
      } else {
        intent.current.consumed();
        if (!isApiError(error) || error.kind !== 'unauthorized') toast.error(apiErrorText(error, t));
      }
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };
  const terms = t('quick.terms', {
    amount: f.money(settings.amount),
    period: period(term.seconds),
    pct: f.number(term.payout_pct, 0),
  });
  const outcome = t('quick.outcome', {
    win: f.money(formatMoney(quote.expectedProfit)),
    loss: f.money(formatMoney(quote.expectedLoss)),
  });
  return (
    <div className={styles.buttons} data-testid="quick-buttons">
      {(['up', 'down'] as const).map((d) => (
        <button
          key={d}
          type="button"
          className={cx(styles.quick, d === 'up' ? styles.up : styles.down)}
          disabled={disabled || busy}
          onClick={() => void tap(d)}
        >
          <span className={styles.main}>
            <span aria-hidden="true">{d === 'up' ? '▲ ' : '▼ '}</span>
            {t(d === 'up' ? 'quick.rise' : 'quick.fall')}
          </span>
          <span className={styles.sub}>{terms}</span>
          <span className={styles.sub}>{outcome}</span>
        </button>
      ))}
    </div>
  );
}

/**
 * The quick-trade settings: the period and stake, and the terms they come to, read before turning it on. Turning
 * it on is the user's one confirmation for every tap that follows, so the terms are all here: stake, fee, payout,
 * what a win and a loss come to, when it settles.
 */
export function QuickTradeSheet({
  open,
  symbol,
  terms,
  saved,
  onClose,
  onChange,
}: {
  open: boolean;
  symbol: string;
  terms: ContractTerms[];
  saved: QuickTrade | null;
  onClose: () => void;
  onChange: (value: QuickTrade | null) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const period = usePeriodLabel();
  const [seconds, setSeconds] = useState(saved?.seconds ?? terms[0]?.seconds ?? 0);
  const term = terms.find((x) => x.seconds === seconds) ?? terms[0];
  const [amount, setAmount] = useState(saved?.amount ?? term?.presets[0] ?? term?.min_amount ?? '');
  const [agreed, setAgreed] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (!open || !term) return null;
  const quote = /^\d{1,9}(\.\d{1,2})?$/.test(amount.trim()) ? quickQuote(amount.trim(), term) : null;
  const inBounds =
    quote !== null && Number(amount) >= Number(term.min_amount) && Number(amount) <= Number(term.max_amount);
  const turnOn = () => {
    if (!inBounds) {
      setProblem(t('sheet.limits', { min: f.money(term.min_amount), max: f.money(term.max_amount) }));
      return;
    }
    if (!agreed) {
      setProblem(t('quick.agreeFirst'));
      return;
    }
    const value: QuickTrade = {
      seconds: term.seconds,
      amount: formatMoney(quote!.stake),
      payout_pct: term.payout_pct,
      loss_pct: term.loss_pct,
      fee_pct: term.fee_pct,
    };
    saveQuickTrade(symbol, value);
    onChange(value);
    onClose();
  };
  const turnOff = () => {
    saveQuickTrade(symbol, null);
    onChange(null);
    onClose();
  };
  return (
    <Dialog
      open
      title={t('quick.title', { symbol })}
      onClose={onClose}
      actions={
        <>
          {saved ? (
            <Button variant="secondary" onClick={turnOff}>
              {t('quick.turnOff')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={onClose}>
              {t('actions.cancel', { ns: 'common' })}
            </Button>
          )}
          <Button onClick={turnOn}>{saved ? t('quick.save') : t('quick.turnOn')}</Button>
        </>
      }
    >
      <div className={styles.sheet} data-testid="quick-sheet">
        <p className={styles.lead}>{t('quick.lead')}</p>
        <p className={styles.label} id="quick-period">
          {t('sheet.period')}
        </p>
        <div className={styles.chips} role="radiogroup" aria-labelledby="quick-period">
          {terms.map((x) => (
            <button
              key={x.seconds}
              type="button"
              role="radio"
              aria-checked={x.seconds === seconds}
              className={styles.chip}
              onClick={() => {
                setSeconds(x.seconds);
                setAgreed(false);
              }}
            >
              {period(x.seconds)} · {t('sheet.payoutShort', { pct: f.number(x.payout_pct, 0) })}
            </button>
          ))}
        </div>
        <Field
          label={t('quick.stake')}
          name="quick-amount"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setAgreed(false);
            setProblem(null);
          }}
          hint={t('sheet.limits', { min: f.money(term.min_amount), max: f.money(term.max_amount) })}
        />
        {quote && (
          <dl className={styles.terms} data-testid="quick-terms">
            <dt>{t('sheet.fee', { pct: f.number(term.fee_pct) })}</dt>
            <dd>{f.money(formatMoney(quote.fee))}</dd>
            <dt>{t('sheet.debit')}</dt>
            <dd>{f.money(formatMoney(quote.debit))}</dd>
            <dt>{t('sheet.profitIfRight', { pct: f.number(term.payout_pct, 0) })}</dt>
            <dd className={styles.win}>+{f.money(formatMoney(quote.expectedProfit))}</dd>
            <dt>{t('sheet.lossIfWrong')}</dt>
            <dd className={styles.loss}>−{f.money(formatMoney(quote.expectedLoss))}</dd>
          </dl>
        )}
        <p className={styles.lead}>{t('sheet.explain', { count: term.seconds })}</p>
        <Checkbox
          name="quick-agree"
          checked={agreed}
          onChange={(checked) => {
            setAgreed(checked);
            setProblem(null);
          }}
          label={t('quick.agree')}
          error={problem}
        />
      </div>
    </Dialog>
  );
}
