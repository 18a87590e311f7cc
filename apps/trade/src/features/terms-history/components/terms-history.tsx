import { useTranslation } from 'react-i18next';
import type { LogTermsHistory } from '@app/contracts';
import { useFormatters } from '@app/i18n/client';
import { Badge, EmptyState } from '@app/ui';
import { NS } from '../../../i18n-namespace.ts';
import { usePeriodLabel } from '../../../lib/period.ts';
import { useTimeFormat } from '../../../lib/time-format.ts';
import styles from './terms-history.module.css';

type ContractTerms = {
  subject: 'contract_terms';
  at: number;
  product: string;
  seconds: number;
  terms: {
    payout_pct: string;
    loss_pct: string;
    fee_pct: string;
    min_stake: string;
    max_stake: string;
    max_open_stake: string;
    enabled: boolean;
  };
};
type Trading = { subject: 'trading'; at: number; product: string; forbidden: boolean };
type Plan = {
  subject: 'plan';
  at: number;
  plan: string;
  terms: { state: string; rate_pct: string; early_exit_rate_pct: string; period_days: number; min_amount: string };
};
type Flexible = {
  subject: 'yuebao_flexible';
  at: number;
  terms: { rate_pct: string; rates: Array<{ from: string; rate_pct: string }>; instant_out_daily: string };
};
type ReferenceRule = {
  subject: 'reference_rule';
  at: number;
  product: string;
  source: string | null;
  tolerance_pct: string | null;
  max_age_seconds: number;
};
type WalletFees = {
  subject: 'wallet_fees';
  at: number;
  fees: { withdraw_fee_pct: string; withdraw_fee_min: string; exchange_fee_pct: string };
};
type Change = (ContractTerms | Trading | Plan | Flexible | ReferenceRule | WalletFees) & { index: number };

/** One change as a line anyone can read: what it applies to, and the whole set of terms after it. */
function ChangeCard({ change }: { change: Change }) {
  const { t } = useTranslation(NS);
  const f = useFormatters();
  const time = useTimeFormat();
  const period = usePeriodLabel();
  const pct = (s: string) => `${f.number(s, 2)}%`;
  let title: string;
  let body: string;
  let badge: { tone: 'up' | 'down' | 'neutral'; text: string } | null = null;
  if (change.subject === 'contract_terms') {
    title = `${change.product} · ${period(change.seconds)}`;
    body = t('terms.contract', {
      payout: pct(change.terms.payout_pct),
      loss: pct(change.terms.loss_pct),
      fee: pct(change.terms.fee_pct),
      min: f.money(change.terms.min_stake),
      max: f.money(change.terms.max_stake),
    });
    if (!change.terms.enabled) badge = { tone: 'neutral', text: t('terms.periodOff') };
  } else if (change.subject === 'trading') {
    title = change.product;
    body = t(change.forbidden ? 'terms.tradingStopped' : 'terms.tradingResumed');
    badge = change.forbidden ? { tone: 'down', text: t('terms.stopped') } : { tone: 'up', text: t('terms.resumed') };
  } else if (change.subject === 'yuebao_flexible') {
    title = t('terms.flexible');
    body = [
      t('terms.flexibleTerms', { rate: pct(change.terms.rate_pct), instant: f.money(change.terms.instant_out_daily) }),
      // Every rate from the day logged on, each with its first day: a change is announced before it applies.
      ...change.terms.rates.map((r) => t('terms.flexibleFrom', { rate: pct(r.rate_pct), date: r.from })),
    ].join(' · ');
  } else if (change.subject === 'wallet_fees') {
    title = t('terms.walletFees');
    body = t('terms.walletFeesText', {
      withdraw: pct(change.fees.withdraw_fee_pct),
      min: f.money(change.fees.withdraw_fee_min),
      exchange: pct(change.fees.exchange_fee_pct),
    });
  } else if (change.subject === 'reference_rule') {
    title = change.product;
    const source = change.source ? t(`verify.source.${change.source}`, { defaultValue: change.source }) : '';
    body =
      change.source && change.tolerance_pct
        ? t('terms.referenceRule', { source, pct: f.number(change.tolerance_pct, 2), age: change.max_age_seconds })
        : t('terms.referenceOff');
    badge = { tone: 'neutral', text: t('verify.reference') };
  } else {
    title = t('terms.plan', { plan: change.plan });
    body = t('terms.planTerms', {
      rate: pct(change.terms.rate_pct),
      period: t('terms.days', { count: change.terms.period_days }),
      early: pct(change.terms.early_exit_rate_pct),
      min: f.money(change.terms.min_amount),
    });
    badge = { tone: 'neutral', text: t(`terms.planState.${change.terms.state}`, { defaultValue: change.terms.state }) };
  }
  return (
    <li className={styles.entry} data-testid={`terms-change-${change.index}`}>
      <div className={styles.entryHead}>
        <span>{title}</span>
        {badge && <Badge tone={badge.tone}>{badge.text}</Badge>}
      </div>
      <span>{body}</span>
      <span className={styles.sub}>
        {t('terms.effective', { time: time.dateTimeSeconds(change.at) })} · {t('terms.entry', { index: change.index })}
      </span>
    </li>
  );
}

const KNOWN = new Set(['contract_terms', 'trading', 'plan', 'yuebao_flexible', 'reference_rule', 'wallet_fees']);

/**
 * Every change of contract terms, of the trading switch and of plan terms, newest first, read from the log's
 * entries (each line names its entry, which anyone can prove is in the log).
 */
export function TermsHistory({ history }: { history: LogTermsHistory }) {
  const { t } = useTranslation(NS);
  const changes = history.items
    .map((i) => ({ ...(JSON.parse(i.data) as Change), index: i.index }))
    .filter((c) => KNOWN.has(c.subject))
    .reverse();
  return (
    <div className={styles.page} data-testid="terms-history">
      <p className={styles.note}>{t('terms.intro', { entries: t('terms.entries', { count: history.tree_size }) })}</p>
      {changes.length === 0 ? (
        <EmptyState title={t('terms.empty')} />
      ) : (
        <ol className={styles.list}>
          {changes.map((c) => (
            <ChangeCard key={c.index} change={c} />
          ))}
        </ol>
      )}
    </div>
  );
}
