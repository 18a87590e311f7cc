import { formatMoney, quoteOrder, type LeaderStats, COPY_MIN_RANKED_ORDERS } from '@app/contracts';
import { zonedParts } from '@app/contracts';

/** What the figures need of one order in a record. */
export type StatOrder = {
  id: number;
  stake: bigint;
  fee: bigint;
  payoutBp: number;
  lossBp: number;
  feeBp: number;
  status: string;
  result: string | null;
  payout: bigint | null;
  settleTime: number;
};

/** num / den x 100 as a percent string with two decimals (half away from zero); null when den is 0. */
export function ratioPct(num: bigint, den: bigint): string | null {
  if (den === 0n) return null;
  const scaled = num * 10_000n;
  const negative = scaled < 0n !== den < 0n && scaled !== 0n;
  const a = scaled < 0n ? -scaled : scaled;
  const d = den < 0n ? -den : den;
  const bp = (a + d / 2n) / d;
  const text = `${bp / 100n}.${String(bp % 100n).padStart(2, '0')}`;
  return negative && bp !== 0n ? `-${text}` : text;
}

const MAX_CURVE_POINTS = 1_000;

/**
 * Every figure of a record from its orders (the formulas are in the README, "Copy trading"). Pure: the
 * same orders always give the same figures; nothing is stored.
 */
export function recordStats(
  recordId: number,
  orders: StatOrder[],
  tz: string,
  followers: { followers: number; copies: number; pnl: bigint },
): LeaderStats {
  const settled = orders
    .filter((o) => o.status === 'settled')
    .sort((a, b) => a.settleTime - b.settleTime || a.id - b.id);
  let wins = 0;
  let losses = 0;
  let draws = 0;
  let pnl = 0n;
  let stake = 0n;
  let fees = 0n;
  let decidedLoss = 0n;
  let decidedSwing = 0n;
  let peak = 0n;
  let drawdown = 0n;
  const curve: { t: number; pnl: string }[] = [];
  const months = new Map<string, { orders: number; stake: bigint; pnl: bigint }>();
  for (const o of settled) {
    const net = o.payout! - o.stake - o.fee;
    pnl += net;
    stake += o.stake;
    fees += o.fee;
    if (o.result === 'win') wins++;
    else if (o.result === 'loss') losses++;
    else draws++;
    if (o.result !== 'draw' && o.result !== 'void') {
      // Break-even: sum of what the decided orders lose if wrong / sum of (win profit + that loss).
      const q = quoteOrder(o.stake, o);
      decidedLoss += q.expectedLoss;
      decidedSwing += q.expectedProfit + q.expectedLoss;
    }
    if (pnl > peak) peak = pnl;
    if (peak - pnl > drawdown) drawdown = peak - pnl;
    curve.push({ t: o.settleTime, pnl: formatMoney(pnl) });
    const p = zonedParts(o.settleTime, tz);
    const month = `${p.year}-${String(p.month).padStart(2, '0')}`;
    const m = months.get(month) ?? { orders: 0, stake: 0n, pnl: 0n };
    m.orders++;
    m.stake += o.stake;
    m.pnl += net;
    months.set(month, m);
  }
  const allStake = orders.reduce((s, o) => s + o.stake, 0n);
  return {
    record_id: recordId,
    orders: orders.length,
    open: orders.length - settled.length,
    settled: settled.length,
    wins,
    losses,
    draws,
    win_rate: ratioPct(BigInt(wins), BigInt(wins + losses)),
    break_even_win_rate: ratioPct(decidedLoss, decidedSwing),
    pnl: formatMoney(pnl),
    pnl_pct: ratioPct(pnl, stake),
    total_stake: formatMoney(allStake),
    avg_stake: orders.length ? formatMoney(allStake / BigInt(orders.length)) : null,
    fees: formatMoney(fees),
    max_drawdown: formatMoney(drawdown),
    max_drawdown_pct: ratioPct(drawdown, stake),
    monthly: [...months.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, m]) => ({
        month,
        orders: m.orders,
        stake: formatMoney(m.stake),
        pnl: formatMoney(m.pnl),
        pnl_pct: ratioPct(m.pnl, m.stake),
      })),
    curve: thin(curve),
    followers: followers.followers,
    follower_copies: followers.copies,
    followers_pnl: formatMoney(followers.pnl),
    ranked: settled.length >= COPY_MIN_RANKED_ORDERS,
  };
}

/** A long curve is thinned to at most MAX_CURVE_POINTS evenly spaced points, always keeping the last. */
function thin<T>(points: T[]): T[] {
  if (points.length <= MAX_CURVE_POINTS) return points;
  const step = points.length / MAX_CURVE_POINTS;
  const kept = Array.from({ length: MAX_CURVE_POINTS - 1 }, (_, i) => points[Math.floor(i * step)]!);
  return [...kept, points[points.length - 1]!];
}
