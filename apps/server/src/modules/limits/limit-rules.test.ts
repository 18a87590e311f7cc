import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/http/app-error.ts';
import {
  addOrder,
  changeLimit,
  confirmLimit,
  dayOf,
  freesAt,
  orderRefusal,
  type DayUsage,
  type LimitState,
} from './limit-rules.ts';

const DAY = 86_400;
const now = 20_000 * DAY + 3_600; // 01:00 UTC on day 20000
const state = (limits: LimitState['limits']): LimitState => ({
  limits,
  pending: {},
  excludedUntil: null,
  exclusionKind: null,
});
const usage = (...days: Array<[number, bigint]>) =>
  new Map<number, DayUsage>(
    days.map(([ago, staked]) => [dayOf(now) - ago, { day: dayOf(now) - ago, staked, paid: staked, returned: 0n }]),
  );

describe('when a windowed limit frees', () => {
  it('is the first midnight from which the act fits as old days leave the window', () => {
    // 7-day stake limit of 100: 60 staked 6 days ago, 30 today. 20 more fits once the 60 leaves: tomorrow.
    const used = usage([6, 60n], [0, 30n]);
    expect(freesAt('turnover_week', used, 100n, 20n, now)).toBe((dayOf(now) + 1) * DAY);
    // 80 more needs today's 30 gone as well: 7 days from today.
    expect(freesAt('turnover_week', used, 100n, 80n, now)).toBe((dayOf(now) + 7) * DAY);
  });
});

describe('the session limit', () => {
  it('refuses an order on a session as old as the limit, and not one a second younger', () => {
    const s = state({ session_minutes: 30n });
    const refusal = orderRefusal(s, new Map(), null, { stake: 10n, fee: 0n }, now, 30 * 60);
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal!.params).toMatchObject({ limit: 'session_minutes', frees: 'session' });
    expect(orderRefusal(s, new Map(), null, { stake: 10n, fee: 0n }, now, 30 * 60 - 1)).toBeNull();
    // A copy fill has no session of its own: the limit does not apply to it.
    expect(orderRefusal(s, new Map(), null, { stake: 10n, fee: 0n }, now, null)).toBeNull();
  });
});

describe('a batch', () => {
  it('sees the orders before it in its usage', () => {
    const s = state({ loss_day: 2_010n });
    const used = new Map<number, DayUsage>();
    expect(orderRefusal(s, used, null, { stake: 1_000n, fee: 5n }, now, null)).toBeNull();
    addOrder(used, { stake: 1_000n, fee: 5n }, now);
    expect(orderRefusal(s, used, null, { stake: 1_000n, fee: 5n }, now, null)).toBeNull();
    addOrder(used, { stake: 1_000n, fee: 5n }, now);
    expect(orderRefusal(s, used, null, { stake: 1n, fee: 0n }, now, null)!.params).toMatchObject({ limit: 'loss_day' });
  });
});

describe('changing a limit', () => {
  it('applies a first or lower value at once, keeps a raise or removal waiting until confirmed after 24 h', () => {
    let s = changeLimit(state({}), 'max_stake', 5_000n, now);
    expect(s.limits.max_stake).toBe(5_000n);
    s = changeLimit(s, 'max_stake', null, now);
    expect(s.limits.max_stake).toBe(5_000n);
    expect(s.pending.max_stake).toEqual({ value: null, at: now + DAY });
    expect(() => confirmLimit(s, 'max_stake', now + DAY - 1)).toThrow(AppError);
    const removed = confirmLimit(s, 'max_stake', now + DAY);
    expect(removed.limits.max_stake).toBeUndefined();
    // A lower value while a raise waits applies at once and drops the raise.
    const lowered = changeLimit(changeLimit(s, 'max_stake', 9_000n, now), 'max_stake', 4_000n, now);
    expect(lowered.limits.max_stake).toBe(4_000n);
    expect(lowered.pending.max_stake).toBeUndefined();
  });
});
