import type { LeaderSort, LeaderSummary } from '@app/contracts';

/**
 * How a leader stands in the list: ranked with a place, or not ranked yet with how many settled orders the
 * record has of the ones needed (nobody is ranked on a small sample), or retired.
 */
export type Standing =
  { kind: 'ranked'; rank: number } | { kind: 'unranked'; settled: number; needed: number } | { kind: 'retired' };

export function standingOf(leader: Pick<LeaderSummary, 'status' | 'ranked' | 'rank' | 'settled'>, needed: number) {
  if (leader.status === 'retired') return { kind: 'retired' } as Standing;
  if (leader.ranked && leader.rank !== null) return { kind: 'ranked', rank: leader.rank } as Standing;
  return { kind: 'unranked', settled: leader.settled, needed } as Standing;
}

/** Decided orders: the sample size of a win rate (a draw neither wins nor loses). */
export const decided = (s: { wins: number; losses: number }) => s.wins + s.losses;

/**
 * Whether the win rate is above, at or below the break-even win rate at the leader's own payout, loss and fee;
 * null when either is missing. Both are percent strings with two decimals, compared exactly.
 */
export function versusBreakEven(winRate: string | null, breakEven: string | null): 'above' | 'at' | 'below' | null {
  if (winRate === null || breakEven === null) return null;
  const a = Math.round(Number(winRate) * 100);
  const b = Math.round(Number(breakEven) * 100);
  return a > b ? 'above' : a < b ? 'below' : 'at';
}

/** The sort control's choices, in the order offered. */
export const SORT_CHOICES: readonly LeaderSort[] = ['pnl_pct', 'win_rate', 'orders', 'followers'];
