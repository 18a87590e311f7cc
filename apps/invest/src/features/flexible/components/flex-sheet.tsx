import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlexInfo, FlexMoveResult, FlexOutQuote } from '@app/contracts';
import { amountTextProblem, parseMoney } from '@app/contracts';
import { isApiError } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { Button, Field } from '@app/ui';
import { BottomSheet, IntentKey, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import { useFlexInMutation, useFlexOutMutation, useLazyGetFlexOutQuoteQuery } from '../../../lib/flex-api.ts';
import { labelToSeconds } from '../../../lib/plan-math.ts';
import styles from './flex-sheet.module.css';

export type FlexKind = 'in' | 'out';

const intent = new IntentKey();

/**
 * Move cash in or out: the amount (with All), then the terms restated (when it starts earning; for a move out,
 * what arrives now and what arrives on the next day, from the server's quote), then the move.
 */
export default function FlexSheet(props: {
  kind: FlexKind;
  info: FlexInfo;
  onClose: () => void;
  onDone: (result: FlexMoveResult, kind: FlexKind) => void;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const { kind, info } = props;
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [quote, setQuote] = useState<FlexOutQuote | null>(null);
  const [getQuote, quoteState] = useLazyGetFlexOutQuoteQuery();
  const [moveIn, inState] = useFlexInMutation();
  const [moveOut, outState] = useFlexOutMutation();
  const busy = inState.isLoading || outState.isLoading || quoteState.isFetching;
  const sending = useRef(false);
  const limit = kind === 'in' ? info.cash_available : info.available;

  const review = async () => {
    // The wallet's rule and words: letters get "Enter an amount in numbers", not "at most two decimals".
    const wrong = amountTextProblem(amount, 2);
    if (wrong) return setProblem(t(wrong, { ns: 'errors' }));
    const units = parseMoney(amount.trim())!;
    if (units > (parseMoney(limit) ?? 0n))
      return setProblem(
        kind === 'in'
          ? t('balance_insufficient', { ns: 'errors' })
          : t('flex_out_over_balance', { ns: 'errors', available: limit }),
      );
    setProblem(null);
    setError(null);
    if (kind === 'out') {
      try {
        setQuote(await getQuote(amount.trim()).unwrap());
      } catch (e) {
        if (isApiError(e) && e.kind === 'refused' && e.field === 'amount') return setProblem(apiErrorText(e, t));
        return setError(apiErrorText(e, t));
      }
    }
    setStep('confirm');
  };

  const submit = async () => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      const key = intent.for(`${kind}|${amount.trim()}|${quote?.instant ?? ''}`);
      const result =
        kind === 'in'
          ? await moveIn({ amount: amount.trim(), key }).unwrap()
          : await moveOut({ amount: amount.trim(), instant: quote!.instant, key }).unwrap();
      intent.consumed();
      props.onDone(result, kind);
    } catch (e) {
      if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) setError(t('sheet.sendUncertain'));
      else if (isApiError(e) && e.kind === 'refused' && e.key === 'flex_out_terms_changed') {
        // The split shown no longer holds: show the one in force now before anything moves.
        setError(apiErrorText(e, t));
        setQuote(
          await getQuote(amount.trim())
            .unwrap()
            .catch(() => quote),
        );
      } else if (isApiError(e) && e.kind === 'refused' && e.field === 'amount') {
        setProblem(apiErrorText(e, t));
        setStep('form');
      } else if (!isApiError(e) || e.kind !== 'unauthorized') setError(apiErrorText(e, t));
    } finally {
      sending.current = false;
    }
  };

  const day = (label: string) => f.date(labelToSeconds(label));
  const footer =
    step === 'form' ? (
      <Button block size="lg" onClick={() => void review()} loading={quoteState.isFetching}>
        {t('sheet.review')}
      </Button>
    ) : (
      <Button block size="lg" onClick={() => void submit()} loading={busy}>
        {t(`flex.confirm.${kind}`)}
      </Button>
    );

  return (
    <BottomSheet
      open
      title={t(`flex.${kind}`)}
      onClose={props.onClose}
      onBack={step === 'confirm' && !busy ? () => setStep('form') : undefined}
      footer={footer}
      testId="flex-sheet"
    >
      {step === 'form' ? (
        <div>
          <Field
            label={t('sheet.amount')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => (setAmount(e.target.value), setProblem(null))}
            error={problem ?? undefined}
            suffix={
              <Button
                variant="ghost"
                size="sm"
                disabled={!(Number(limit) > 0)}
                title={t('flex.allLabel')}
                onClick={() => (setAmount(limit), setProblem(null))}
              >
                {t('flex.all')}
              </Button>
            }
          />
          <p className={styles.note}>
            {t(kind === 'in' ? 'flex.cashAvailable' : 'flex.canMoveOut', { amount: f.money(limit) })}
          </p>
          {kind === 'out' && (
            <p className={styles.note}>
              {t('flex.instantLeft', {
                amount: f.money(info.instant_out_left),
                daily: f.money(info.instant_out_daily),
              })}
            </p>
          )}
        </div>
      ) : (
        <dl className={styles.terms} data-testid="flex-terms">
          <dt>{t('sheet.amount')}</dt>
          <dd className={styles.strong}>{f.money(amount.trim())}</dd>
          {kind === 'in' ? (
            <>
              <dt>{t('flex.rateNow')}</dt>
              <dd>{`${f.number(info.rate_pct, 2)}%`}</dd>
              <dt>{t('flex.earnsFrom')}</dt>
              <dd>{day(info.earning_from)}</dd>
            </>
          ) : (
            <>
              <dt>{t('flex.arrivesNow')}</dt>
              <dd data-testid="flex-instant">{f.money(quote!.instant)}</dd>
              {/* The next-day part only when there is one: a row of 0.00 would read as a delay that is not there. */}
              {Number(quote!.next_day) > 0 && (
                <>
                  <dt>{t('flex.arrivesLater', { date: day(quote!.arrives_on) })}</dt>
                  <dd data-testid="flex-next-day">{f.money(quote!.next_day)}</dd>
                </>
              )}
            </>
          )}
        </dl>
      )}
      {step === 'confirm' && (
        <p className={styles.note}>
          {t(kind === 'in' ? 'flex.ruleIn' : 'flex.ruleOut', { daily: f.money(info.instant_out_daily) })}
        </p>
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
    </BottomSheet>
  );
}
