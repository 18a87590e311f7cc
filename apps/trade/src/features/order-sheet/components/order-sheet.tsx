import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractTerms, Direction, Order, OrderMode } from '@app/contracts';
import type { DisplayStatus } from '../../../lib/display-status.ts';
import { isApiError } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { Button } from '@app/ui';
import { BottomSheet, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { SimulatedNote } from '../../../lib/simulated-note.tsx';
import { usePlaceOrderMutation } from '../api/place-order-api.ts';
import { sharedIntent } from '../hooks/use-shared-intent.ts';
import { amountProblemText } from '../lib/amount-problem-text.ts';
import { intentSignature } from '../lib/intent-key.ts';
import { checkAmount } from '../lib/order-form.ts';
import { acceptRisk, hasAcceptedRisk } from '../lib/risk-consent.ts';
import { ConfirmStep } from './confirm-step.tsx';
import { ModeSwitch, PracticeBadge } from '../../../lib/mode-switch.tsx';
import { OrderFormStep } from './order-form-step.tsx';
import { RiskNotice } from './risk-notice.tsx';
import styles from './order-sheet.module.css';

/** Refusals about the amount are shown under the amount field; the rest above the terms. */
const AMOUNT_KEYS = new Set(['amount_min', 'amount_max', 'balance_insufficient', 'holding_max_amount']);

export type OrderSheetProps = {
  open: boolean;
  onClose: () => void;
  symbol: string;
  precision: number;
  terms: ContractTerms[];
  status: DisplayStatus;
  price: string | null;
  simulated: boolean;
  direction: Direction;
  /** Real or practice money; practice shows its badge on every step. */
  mode?: OrderMode;
  onDirection: (direction: Direction) => void;
  /** null while unknown (loading): the balance check is then left to the server. */
  available: string | null;
  onPlaced: (order: Order) => void;
};

/**
 * The order sheet: choose, see the costs and the outcomes, confirm, send. The figures come from quoteOrder,
 * the server's own arithmetic; the server still decides everything (terms and open price are its own).
 * The idempotency key belongs to the intent: kept across retries of the same terms, new when they change.
 */
export function OrderSheet(props: OrderSheetProps) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { terms, symbol } = props;
  const [seconds, setSeconds] = useState(terms[0]?.seconds ?? 0);
  const [amount, setAmount] = useState('');
  const [showProblem, setShowProblem] = useState(false);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [riskOpen, setRiskOpen] = useState(false);
  const [serverAmountError, setServerAmountError] = useState<string | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [placeOrder, { isLoading }] = usePlaceOrderMutation();
  const sending = useRef(false);

  const term = terms.find((x) => x.seconds === seconds) ?? terms[0];
  const check = useMemo(
    () => (term ? checkAmount(amount, term, props.available) : null),
    [amount, term, props.available],
  );

  // Closing the sheet starts it over at the form (state adjusted during render, not in an effect).
  const [wasOpen, setWasOpen] = useState(props.open);
  if (wasOpen !== props.open) {
    setWasOpen(props.open);
    if (!props.open) {
      setStep('form');
      setSendError(null);
    }
  }

  // A changed term is a new intent: old refusals no longer apply.
  const mode = props.mode ?? 'real';
  const intent = `${amount}|${seconds}|${props.direction}|${mode}`;
  const [refusedIntent, setRefusedIntent] = useState(intent);
  if (refusedIntent !== intent) {
    setRefusedIntent(intent);
    setServerAmountError(null);
    setSendError(null);
  }

  if (!term || !check) return null;
  const trading = props.status === 'trading';
  const priceText = props.price ? f.number(props.price, props.precision) : '—';
  // Above the maximum is said as it is typed (the payouts of such an amount would be figures of no order); the
  // other problems wait for the field to be left, so a half-typed amount is not called wrong.
  const sayNow = check.problem?.key === 'amountMax';
  const amountError =
    serverAmountError ??
    ((showProblem || sayNow) && check.problem ? amountProblemText(check.problem, t, f.money) : null);

  const review = () => {
    setShowProblem(true);
    if (check.problem || !check.quote) return;
    if (!hasAcceptedRisk()) {
      setRiskOpen(true);
      return;
    }
    setStep('confirm');
  };

  const submit = async () => {
    if (sending.current || !check.quote || check.problem) return;
    sending.current = true;
    setSendError(null);
    const body = { symbol, seconds: term.seconds, amount: amount.trim(), direction: props.direction, mode };
    const key = sharedIntent().for(intentSignature(body));
    try {
      const order = await placeOrder({ ...body, key }).unwrap();
      sharedIntent().consumed();
      setStep('form');
      props.onPlaced(order);
    } catch (error) {
      if (isApiError(error) && error.kind === 'refused' && (error.field === 'amount' || AMOUNT_KEYS.has(error.key))) {
        setServerAmountError(apiErrorText(error, t));
        setStep('form');
      } else if (isApiError(error) && (error.kind === 'network' || error.kind === 'timeout')) {
        // The order may or may not have reached the server: retrying sends the same key, so at most one opens.
        setSendError(t('sheet.sendUncertain'));
      } else if (!isApiError(error) || error.kind !== 'unauthorized') {
        setSendError(apiErrorText(error, t));
      }
    } finally {
      sending.current = false;
    }
  };

  const title = t(props.direction === 'up' ? 'sheet.titleUp' : 'sheet.titleDown', { symbol });
  return (
    <>
      <BottomSheet
        open={props.open && !riskOpen}
        testId="order-sheet"
        title={step === 'confirm' ? t('confirm.title') : title}
        onClose={props.onClose}
        onBack={step === 'confirm' && !isLoading ? () => setStep('form') : undefined}
        footer={
          step === 'form' ? (
            <Button block size="lg" onClick={review} disabled={!trading}>
              {t('sheet.review')}
            </Button>
          ) : (
            <Button block size="lg" onClick={() => void submit()} loading={isLoading} disabled={!trading}>
              {isLoading ? t('confirm.sending') : t('confirm.submit')}
            </Button>
          )
        }
      >
        <div className={styles.modeRow}>
          {step === 'form' ? <ModeSwitch /> : null}
          {mode === 'practice' && <PracticeBadge />}
        </div>
        {!trading && <p className={styles.closedNote}>{t(`sheet.notTrading.${props.status}`)}</p>}
        {step === 'form' ? (
          <OrderFormStep
            terms={terms}
            term={term}
            direction={props.direction}
            onDirection={props.onDirection}
            onPeriod={setSeconds}
            amount={amount}
            onAmount={setAmount}
            onAmountBlur={() => amount.trim() !== '' && setShowProblem(true)}
            check={check}
            amountError={amountError}
            available={props.available}
            priceText={priceText}
          />
        ) : (
          <ConfirmStep
            symbol={symbol}
            direction={props.direction}
            term={term}
            quote={check.quote!}
            priceText={priceText}
            mode={mode}
            error={
              sendError && (
                <p className={styles.alert} role="alert">
                  {sendError}
                </p>
              )
            }
          />
        )}
        <SimulatedNote simulated={props.simulated} />
      </BottomSheet>
      <RiskNotice
        open={props.open && riskOpen}
        onCancel={() => setRiskOpen(false)}
        onAccept={() => {
          acceptRisk();
          setRiskOpen(false);
          setStep('confirm');
        }}
      />
    </>
  );
}
