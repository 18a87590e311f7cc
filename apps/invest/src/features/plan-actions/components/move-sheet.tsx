import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Holding, InvestResult, Plan, PlanTerms } from '@app/contracts';
import { amountTextProblem, parseMoney } from '@app/contracts';
import { isApiError } from '@app/api-client';
import { useFormatters } from '@app/i18n/client';
import { Button, Field } from '@app/ui';
import { BottomSheet, IntentKey, apiErrorText } from '@app/app-kit';
import { NS } from '../../../i18n-namespace.ts';
import {
  useAppendMutation,
  useGetStopQuoteQuery,
  useJoinMutation,
  useKeepMutation,
  useStopMutation,
} from '../../../lib/invest-api.ts';
import { dayOfLabel, dayStartSeconds, interestFor, platformDay, plus, timeline } from '../../../lib/plan-math.ts';
import styles from './sheet.module.css';

export type MoveKind = 'buy' | 'topup' | 'renew' | 'stop';

export type MoveSheetProps = {
  kind: MoveKind;
  plan: Plan;
  holding: Holding | null;
  timeZone: string;
  available: string | null;
  onClose: () => void;
  onDone: (result: { kind: MoveKind; message: string; result: InvestResult }) => void;
};

const intent = new IntentKey();

/**
 * Buy, top up, renew or stop: a form (where there is an amount), then the terms restated with the exact
 * figures, then the move. The server decides; the figures here use its published rule (floor to the cent).
 */
export default function MoveSheet(props: MoveSheetProps) {
  const { t } = useTranslation(NS);
  const { kind, plan, holding } = props;
  const [amount, setAmount] = useState('');
  const [step, setStep] = useState<'form' | 'confirm'>(kind === 'buy' || kind === 'topup' ? 'form' : 'confirm');
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [join, joinState] = useJoinMutation();
  const [append, appendState] = useAppendMutation();
  const [keep, keepState] = useKeepMutation();
  const [stop, stopState] = useStopMutation();
  const busy = joinState.isLoading || appendState.isLoading || keepState.isLoading || stopState.isLoading;
  const sending = useRef(false);
  const terms: PlanTerms = holding ? holding.terms : plan.terms;
  const min = kind === 'buy' ? plan.start_amount : plan.min_amount;

  const review = () => {
    // The wallet's rule and words ("Enter an amount in numbers" for letters, not "at most two decimals").
    const wrong = amountTextProblem(amount, 2);
    if (wrong) return setProblem(t(wrong, { ns: 'errors' }));
    const units = parseMoney(amount.trim())!;
    if (units < (parseMoney(min) ?? 0n)) return setProblem(t('plan_amount_min', { ns: 'errors', min }));
    if (props.available !== null && units > (parseMoney(props.available) ?? 0n))
      return setProblem(t('balance_insufficient', { ns: 'errors' }));
    setProblem(null);
    setStep('confirm');
  };

  const submit = async (renew?: '0' | '1') => {
    if (sending.current) return;
    sending.current = true;
    setError(null);
    try {
      let result: InvestResult;
      const signature = `${kind}|${plan.id}|${holding?.id ?? ''}|${amount.trim()}|${renew ?? ''}`;
      const key = intent.for(signature);
      if (kind === 'buy') result = await join({ id: plan.id, amount: amount.trim(), key }).unwrap();
      else if (kind === 'topup') result = await append({ id: holding!.id, amount: amount.trim(), key }).unwrap();
      else if (kind === 'renew') result = await keep({ id: holding!.id, renew: renew ?? '1', key }).unwrap();
      else result = await stop({ id: holding!.id, key }).unwrap();
      intent.consumed();
      const message = t(`result.${kind === 'renew' ? (renew === '0' ? 'renewOff' : 'renewOn') : kind}`);
      props.onDone({ kind, message, result });
    } catch (e) {
      if (isApiError(e) && (e.kind === 'network' || e.kind === 'timeout')) setError(t('sheet.sendUncertain'));
      else if (isApiError(e) && e.kind === 'refused' && e.field === 'amount') {
        setProblem(apiErrorText(e, t));
        setStep('form');
      } else if (!isApiError(e) || e.kind !== 'unauthorized') setError(apiErrorText(e, t));
    } finally {
      sending.current = false;
    }
  };

  const title = t(`sheet.title.${kind}`);
  const footer =
    step === 'form' ? (
      <Button block size="lg" onClick={review}>
        {t('sheet.review')}
      </Button>
    ) : kind === 'renew' ? (
      holding?.renew ? (
        <Button block size="lg" variant="outline" onClick={() => void submit('0')} loading={busy}>
          {t('sheet.confirm.renewOff')}
        </Button>
      ) : (
        <Button block size="lg" onClick={() => void submit('1')} loading={busy}>
          {t('sheet.confirm.renew')}
        </Button>
      )
    ) : (
      <Button
        block
        size="lg"
        variant={kind === 'stop' ? 'danger' : 'primary'}
        onClick={() => void submit()}
        loading={busy}
      >
        {t(`sheet.confirm.${kind}`)}
      </Button>
    );

  return (
    <BottomSheet
      open
      title={title}
      onClose={props.onClose}
      onBack={step === 'confirm' && (kind === 'buy' || kind === 'topup') && !busy ? () => setStep('form') : undefined}
      footer={footer}
      testId="move-sheet"
    >
      {step === 'form' ? (
        <AmountForm
          amount={amount}
          onAmount={(v) => (setAmount(v), setProblem(null))}
          min={min}
          available={props.available}
          problem={problem}
          remaining={plan.remaining}
        />
      ) : kind === 'stop' ? (
        <StopTerms holding={holding!} />
      ) : kind === 'renew' ? (
        <RenewTerms plan={plan} holding={holding!} timeZone={props.timeZone} />
      ) : (
        <BuyTerms kind={kind} amount={amount.trim()} terms={terms} holding={holding} timeZone={props.timeZone} />
      )}
      {error && (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      )}
    </BottomSheet>
  );
}

function AmountForm(p: {
  amount: string;
  onAmount: (v: string) => void;
  min: string;
  available: string | null;
  problem: string | null;
  remaining: string;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  return (
    <div>
      <Field
        label={t('sheet.amount')}
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={p.amount}
        onChange={(e) => p.onAmount(e.target.value)}
        error={p.problem ?? undefined}
        suffix="U"
        hint={t('sheet.amountHint', { min: f.money(p.min), remaining: f.money(p.remaining) })}
      />
      {p.available !== null && <p className={styles.note}>{t('sheet.available', { amount: f.money(p.available) })}</p>}
    </div>
  );
}

function Rule({ terms }: { terms: PlanTerms }) {
  const { t } = useTranslation(NS);
  return (
    <>
      <p className={styles.note}>{t('terms.rule')}</p>
      <p className={styles.note}>{t(`terms.share.${terms.share_type}`)}</p>
    </>
  );
}

function BuyTerms({
  kind,
  amount,
  terms,
  holding,
  timeZone,
}: {
  kind: 'buy' | 'topup';
  amount: string;
  terms: PlanTerms;
  holding: Holding | null;
  timeZone: string;
}) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  // The moment the terms were opened: the timeline stays put while the sheet is open.
  const [now] = useState(() => Math.floor(Date.now() / 1000));
  const line = timeline(now, terms.period_days, timeZone);
  // A top-up earns from tomorrow until the holding's last day.
  const days =
    kind === 'topup' && holding
      ? Math.max(0, dayOfLabel(holding.last_day) - platformDay(now, timeZone))
      : terms.period_days;
  const maturity = kind === 'topup' && holding ? holding.maturity_time : line.maturity;
  const interest = interestFor(amount, terms.rate, days) ?? '0.00';
  return (
    <div data-testid="terms-restated">
      <dl className={styles.terms}>
        <dt>{t('sheet.youPut')}</dt>
        <dd>{f.money(amount)}</dd>
        <dt>{t('terms.rate')}</dt>
        <dd>{t('terms.rateBoth', { rate: f.number(terms.rate, 2), effective: f.number(terms.effective_yield, 2) })}</dd>
        <dt>{t('terms.dayCount')}</dt>
        <dd>{t('terms.days', { count: days })}</dd>
        <dt>{t('sheet.interest')}</dt>
        <dd>{f.money(interest)}</dd>
        <dt>{t('sheet.atMaturity')}</dt>
        <dd className={styles.strong} data-testid="amount-at-maturity">
          {f.money(plus(amount, interest))}
        </dd>
        {terms.committed_amount && (
          <>
            <dt>{t('terms.committed')}</dt>
            <dd>{f.money(terms.committed_amount)}</dd>
          </>
        )}
        <dt>{t('terms.earlyExit')}</dt>
        <dd>{t('terms.earlyExitValue', { rate: f.number(terms.early_exit_rate, 2) })}</dd>
      </dl>
      <h3 className={styles.sectionTitle}>{t('terms.timeline')}</h3>
      <ol className={styles.timeline}>
        <li>{t('terms.startsEarning', { when: f.dateTime(line.startsEarning) })}</li>
        <li>{t('terms.firstCredit', { when: f.dateTime(line.firstCredit) })}</li>
        <li>{t('terms.maturity', { when: f.dateTime(maturity) })}</li>
        <li>{t('terms.moneyBack', { when: f.dateTime(maturity) })}</li>
      </ol>
      <p className={styles.note}>{t('terms.timeZone', { tz: timeZone })}</p>
      <Rule terms={terms} />
      <p className={styles.note}>{t('risk.line')}</p>
    </div>
  );
}

function RenewTerms({ plan, holding, timeZone }: { plan: Plan; holding: Holding; timeZone: string }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const days = holding.terms.period_days;
  const rate = holding.renew_rate ?? plan.terms.rate;
  const interest = interestFor(holding.principal, rate, days) ?? '0.00';
  const lastDay = dayOfLabel(holding.last_day);
  return (
    <div data-testid="terms-restated">
      <p className={styles.note}>{t(holding.renew ? 'sheet.renewIsOn' : 'sheet.renewExplain')}</p>
      <dl className={styles.terms}>
        <dt>{t('sheet.principal')}</dt>
        <dd>{f.money(holding.principal)}</dd>
        <dt>{t('sheet.nextRate')}</dt>
        <dd>{t('terms.rateBoth', { rate: f.number(rate, 2), effective: f.number(plan.terms.effective_yield, 2) })}</dd>
        <dt>{t('terms.dayCount')}</dt>
        <dd>{t('terms.days', { count: days })}</dd>
        <dt>{t('sheet.nextStarts')}</dt>
        <dd>{f.dateTime(dayStartSeconds(lastDay + 1, timeZone))}</dd>
        <dt>{t('sheet.atMaturity')}</dt>
        <dd className={styles.strong}>{f.money(plus(holding.principal, interest))}</dd>
      </dl>
      <Rule terms={holding.terms} />
    </div>
  );
}

function StopTerms({ holding }: { holding: Holding }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const quote = useGetStopQuoteQuery(holding.id, { refetchOnMountOrArgChange: true });
  if (quote.isLoading) return <p className={styles.note}>{t('states.loading', { ns: 'common' })}</p>;
  if (!quote.data)
    return (
      <p className={styles.alert} role="alert">
        {apiErrorText(quote.error, t)}
      </p>
    );
  const q = quote.data;
  return (
    <div data-testid="stop-quote">
      <dl className={styles.terms}>
        <dt>{t('stop.principal')}</dt>
        <dd>{f.money(q.principal)}</dd>
        <dt>{t('stop.paid')}</dt>
        <dd>{f.money(q.paid)}</dd>
        <dt>{t('stop.interest')}</dt>
        <dd>{f.money(q.interest)}</dd>
        <dt>{t('stop.forfeited')}</dt>
        <dd>{f.money(q.forfeited)}</dd>
        <dt>{t('stop.totalBack')}</dt>
        <dd className={styles.strong} data-testid="stop-total">
          {f.money(q.total_back)}
        </dd>
      </dl>
      <p className={styles.note}>{t('stop.rule', { rate: f.number(q.early_exit_rate, 2), count: q.days_held })}</p>
      <p className={styles.note}>{t('stop.principalSafe')}</p>
    </div>
  );
}
