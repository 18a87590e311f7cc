import {
  COUNT_LIMITS,
  formatMoney,
  limitWindowDays,
  LIMIT_COOLING_SECONDS,
  LIMIT_NAMES,
  type LimitName,
} from '@app/contracts';
import { AppError } from '../../platform/http/app-error.ts';

// The arithmetic of the limits, free of the database: what a limit allows, when it frees, what a change does.

const DAY = 86_400;
/** The UTC day number of a second. */
export const dayOf = (t: number) => Math.floor(t / DAY);

/** A user's limits as stored: in force (minor units or whole numbers), waiting, and any exclusion. */
export type LimitState = {
  limits: Partial<Record<LimitName, bigint>>;
  pending: Partial<Record<LimitName, { value: bigint | null; at: number }>>;
  excludedUntil: number | null;
  exclusionKind: 'timeout' | 'self_exclusion' | null;
};

/** One UTC day of a user's real-money trading, by the day the orders opened. */
export type DayUsage = { day: number; staked: bigint; paid: bigint; returned: bigint };

export function parseState(row: {
  limits: Record<string, string>;
  pending: Record<string, { value: string | null; at: number }>;
  excluded_until?: number | string | null;
  excludedUntil?: number | null;
  exclusion_kind?: string | null;
  exclusionKind?: string | null;
}): LimitState {
  const limits: LimitState['limits'] = {};
  const pending: LimitState['pending'] = {};
  for (const name of LIMIT_NAMES) {
    const v = row.limits[name];
    if (v !== undefined) limits[name] = BigInt(v);
    const p = row.pending[name];
    if (p) pending[name] = { value: p.value === null ? null : BigInt(p.value), at: Number(p.at) };
  }
  const until = row.excludedUntil ?? row.excluded_until ?? null;
  return {
    limits,
    pending,
    excludedUntil: until === null ? null : Number(until),
    exclusionKind: (row.exclusionKind ?? row.exclusion_kind ?? null) as LimitState['exclusionKind'],
  };
}

/** The refusal of anything a time-out or self-exclusion stops, or null. */
export function exclusionRefusal(state: Pick<LimitState, 'excludedUntil'> | null, now: number): AppError | null {
  if (!state || state.excludedUntil === null || state.excludedUntil <= now) return null;
  return new AppError('self_excluded', { params: { until: utcText(state.excludedUntil) } });
}

/** "2026-11-30 00:00 UTC": a moment every language reads the same. */
export const utcText = (t: number) => `${new Date(t * 1000).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const isCount = (name: LimitName) => COUNT_LIMITS.includes(name);
export const limitText = (name: LimitName, v: bigint) =>
  name === 'session_minutes' ? `${v} min` : isCount(name) ? v.toString() : `${formatMoney(v)} U`;

/** What a windowed limit counts on one day. */
function countOf(name: LimitName, u: DayUsage): bigint {
  if (name.startsWith('loss_')) return u.paid - u.returned;
  if (name.startsWith('turnover_')) return u.staked;
  return 0n;
}

/** The total of `name` over its window ending today. */
export function usedIn(name: LimitName, usage: Map<number, DayUsage>, now: number): bigint {
  const days = limitWindowDays(name)!;
  const today = dayOf(now);
  let sum = 0n;
  for (const [day, u] of usage) if (day > today - days && day <= today) sum += countOf(name, u);
  return sum;
}

/**
 * The first UTC midnight from which `add` more fits under `max`, as the window's oldest days drop out (and
 * nothing new is added); the next midnight at least. A loss that is mostly today's frees only as today leaves.
 */
export function freesAt(name: LimitName, usage: Map<number, DayUsage>, max: bigint, add: bigint, now: number): number {
  const days = limitWindowDays(name)!;
  const today = dayOf(now);
  for (let shift = 1; shift <= days; shift++) {
    let sum = 0n;
    for (const [day, u] of usage) if (day > today + shift - days && day <= today) sum += countOf(name, u);
    if (sum + add <= max) return (today + shift) * DAY;
  }
  return (today + days) * DAY;
}

function reached(name: LimitName, max: bigint, frees: 'window' | 'settle' | 'stake' | 'session', resets?: number) {
  return new AppError('limit_reached', {
    params: {
      limit: name,
      max: limitText(name, max),
      frees,
      ...(resets === undefined ? {} : { resets: utcText(resets), resets_at: resets }),
    },
  });
}

/** An order a limit is checked against: its stake and the fee paid with it. */
export type LimitedOrder = { stake: bigint; fee: bigint };

/**
 * The refusal of a real-money order that would cross one of the user's limits, or null. The order may take a
 * limit exactly to its value, not past it. `openOrders` is the user's open real orders (null: not counted,
 * no such limit); `sessionAge` the seconds since the order's session began (null: not known, a copy fill).
 */
export function orderRefusal(
  state: LimitState | null,
  usage: Map<number, DayUsage>,
  openOrders: number | null,
  order: LimitedOrder,
  now: number,
  sessionAge: number | null,
): AppError | null {
  if (!state) return null;
  const excluded = exclusionRefusal(state, now);
  if (excluded) return excluded;
  const l = state.limits;
  if (l.max_stake !== undefined && order.stake > l.max_stake) return reached('max_stake', l.max_stake, 'stake');
  if (l.open_orders !== undefined && openOrders !== null && BigInt(openOrders) + 1n > l.open_orders)
    return reached('open_orders', l.open_orders, 'settle');
  if (l.session_minutes !== undefined && sessionAge !== null && sessionAge >= Number(l.session_minutes) * 60)
    return reached('session_minutes', l.session_minutes, 'session');
  for (const name of [
    'turnover_day',
    'turnover_week',
    'turnover_month',
    'loss_day',
    'loss_week',
    'loss_month',
  ] as const) {
    const max = l[name];
    if (max === undefined) continue;
    // An order counts its stake in turnover, and its stake and fee in net loss until it settles.
    const add = name.startsWith('loss_') ? order.stake + order.fee : order.stake;
    if (usedIn(name, usage, now) + add > max) return reached(name, max, 'window', freesAt(name, usage, max, add, now));
  }
  return null;
}

/** Adds an accepted order to the usage its batch holds, so the next order of the batch sees it. */
export function addOrder(usage: Map<number, DayUsage>, order: LimitedOrder, now: number) {
  const day = dayOf(now);
  const u = usage.get(day) ?? { day, staked: 0n, paid: 0n, returned: 0n };
  usage.set(day, { ...u, staked: u.staked + order.stake, paid: u.paid + order.stake + order.fee });
}

/**
 * The refusal of a deposit that would cross a deposit limit, or null. `deposited` maps UTC day to the amount the
 * user asked to deposit that day (refused requests excluded).
 */
export function depositRefusal(
  state: LimitState | null,
  deposited: Map<number, bigint>,
  amount: bigint,
  now: number,
): AppError | null {
  if (!state) return null;
  const excluded = exclusionRefusal(state, now);
  if (excluded) return excluded;
  const usage = new Map([...deposited].map(([day, v]) => [day, { day, staked: v, paid: 0n, returned: 0n }]));
  for (const name of ['deposit_day', 'deposit_week', 'deposit_month'] as const) {
    const max = state.limits[name];
    if (max === undefined) continue;
    // Deposits are kept in `staked` of this local copy, so the turnover arithmetic counts them.
    const as = name.replace('deposit_', 'turnover_') as LimitName;
    if (usedIn(as, usage, now) + amount > max)
      return reached(name, max, 'window', freesAt(as, usage, max, amount, now));
  }
  return null;
}

/**
 * A change the user asks for: a lower value (or a first one) takes effect at once and drops any raise waiting; a
 * higher value or a removal waits 24 hours, then needs the user's confirmation. Returns the new state.
 */
export function changeLimit(state: LimitState, name: LimitName, value: bigint | null, now: number): LimitState {
  const current = state.limits[name];
  const limits = { ...state.limits };
  const pending = { ...state.pending };
  if (value !== null && (current === undefined || value <= current)) {
    limits[name] = value;
    delete pending[name];
  } else if (current !== undefined) {
    pending[name] = { value, at: now + LIMIT_COOLING_SECONDS };
  }
  return { ...state, limits, pending };
}

/** Applies a waiting raise or removal once its 24 hours have passed. */
export function confirmLimit(state: LimitState, name: LimitName, now: number): LimitState {
  const waiting = state.pending[name];
  if (!waiting) throw new AppError('limit_nothing_pending');
  if (waiting.at > now) throw new AppError('limit_not_due', { params: { at: utcText(waiting.at) } });
  const limits = { ...state.limits };
  const pending = { ...state.pending };
  if (waiting.value === null) delete limits[name];
  else limits[name] = waiting.value;
  delete pending[name];
  return { ...state, limits, pending };
}

export function cancelPending(state: LimitState, name: LimitName): LimitState {
  if (!state.pending[name]) throw new AppError('limit_nothing_pending');
  const pending = { ...state.pending };
  delete pending[name];
  return { ...state, pending };
}

export const storedLimits = (s: LimitState) =>
  Object.fromEntries(Object.entries(s.limits).map(([k, v]) => [k, v.toString()]));
export const storedPending = (s: LimitState) =>
  Object.fromEntries(
    Object.entries(s.pending).map(([k, p]) => [k, { value: p.value === null ? null : p.value.toString(), at: p.at }]),
  );
