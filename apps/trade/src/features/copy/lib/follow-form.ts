import { formatMoney, parseMoney, quoteOrder, type ContractTerms, type CopyStakeMode } from '@app/contracts';

/** What the follower fills in on the follow sheet, as typed. */
export type FollowForm = {
  stakeMode: CopyStakeMode;
  amount: string;
  maxAmount: string;
  dailyLoss: string;
  /** Empty = every product / every period. */
  symbols: string[];
  periods: number[];
};

export type FollowField = 'amount' | 'maxAmount' | 'dailyLoss';
/** Keys of the trade namespace (copy.form.errors.*): said under the field, in the user's language. */
export type FollowProblem = 'required' | 'invalid' | 'positive' | 'capBelowStake' | 'lossBelowStake';
export type FollowProblems = Partial<Record<FollowField, FollowProblem>>;

const positive = (text: string): bigint | FollowProblem => {
  if (!text.trim()) return 'required';
  const units = parseMoney(text);
  if (units === null || units < 0n) return 'invalid';
  return units === 0n ? 'positive' : units;
};

/**
 * The follow sheet's own checks before anything is sent (the server checks the same and more): each amount a
 * positive number of cents; the per-order cap at least the fixed stake (a copy above the cap is skipped, so a
 * cap under the stake would skip every copy); the daily loss stop at least one copy's stake.
 */
export function followProblems(form: FollowForm): FollowProblems {
  const problems: FollowProblems = {};
  const amount = form.stakeMode === 'fixed' ? positive(form.amount) : null;
  const cap = positive(form.maxAmount);
  const loss = positive(form.dailyLoss);
  if (typeof amount === 'string') problems.amount = amount;
  if (typeof cap === 'string') problems.maxAmount = cap;
  if (typeof loss === 'string') problems.dailyLoss = loss;
  if (typeof amount === 'bigint' && typeof cap === 'bigint' && cap < amount) problems.maxAmount = 'capBelowStake';
  if (typeof amount === 'bigint' && typeof loss === 'bigint' && loss < amount) problems.dailyLoss = 'lossBelowStake';
  return problems;
}

/** "0.50" % as basis points (50), exactly: a percent with two decimals is a whole number of basis points. */
const percentToBp = (pct: string) => Number(parseMoney(pct) ?? 0n);

/**
 * What one copy costs at most, stated before following: the stake (the fixed stake, or in mirror mode the cap,
 * the largest stake a copy may have) plus the highest fee of the terms it may copy under, charged exactly as
 * the order sheet and the server charge it (quoteOrder). Null until the stake is a valid amount.
 */
export function copyCost(
  form: Pick<FollowForm, 'stakeMode' | 'amount' | 'maxAmount' | 'periods'>,
  terms: ContractTerms[],
): { stake: string; fee: string; total: string; feePct: string } | null {
  const stake = parseMoney(form.stakeMode === 'fixed' ? form.amount : form.maxAmount);
  if (stake === null || stake <= 0n) return null;
  const applicable = form.periods.length ? terms.filter((t) => form.periods.includes(t.seconds)) : terms;
  const worst = applicable.reduce<ContractTerms | null>(
    (max, t) => (!max || percentToBp(t.fee_pct) > percentToBp(max.fee_pct) ? t : max),
    null,
  );
  const feePct = worst?.fee_pct ?? '0.00';
  const quote = quoteOrder(stake, { payoutBp: 0, lossBp: 0, feeBp: percentToBp(feePct) });
  return { stake: formatMoney(stake), fee: formatMoney(quote.fee), total: formatMoney(quote.debit), feePct };
}

/** The form as /api/user/goorder takes it (lists comma separated; the agreement given by confirming). */
export function goOrderBody(leaderId: number, form: FollowForm) {
  return {
    leader_id: leaderId,
    stake_mode: form.stakeMode,
    ...(form.stakeMode === 'fixed' ? { amount: form.amount.trim() } : {}),
    max_amount: form.maxAmount.trim(),
    daily_loss: form.dailyLoss.trim(),
    symbols: form.symbols.join(','),
    periods: form.periods.join(','),
    agree: '1' as const,
  };
}

/** Toggles one item of a "which products / periods" choice; an empty choice means all. */
export function toggled<T>(list: T[], item: T): T[] {
  return list.includes(item) ? list.filter((x) => x !== item) : [...list, item];
}
