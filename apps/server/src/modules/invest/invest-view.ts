import {
  accruedAfter,
  bpToRate,
  dailyRatePct,
  effectiveYieldPct,
  formatMoney,
  type Holding,
  type Plan,
  type PlanPhase,
  type PlanTerms,
  type ProjectOrder,
  type ShareType,
} from '@app/contracts';
import type { investHoldings, investLots, investOrders, investPlans } from './invest.table.ts';
import { dayLabel, dayStart } from '@app/contracts';
import { seconds } from '../../platform/time/epoch.ts';

export type PlanRow = typeof investPlans.$inferSelect;
export type HoldingRow = typeof investHoldings.$inferSelect;
export type LotRow = typeof investLots.$inferSelect;
export type OrderRow = typeof investOrders.$inferSelect;

export function phaseOf(plan: PlanRow, now: number): PlanPhase {
  if (plan.state === 'closed' || now >= plan.subscribeTo) return 'ended';
  if (now < plan.subscribeFrom) return 'upcoming';
  if (plan.state === 'paused') return 'paused';
  if (plan.cap - plan.invested < plan.minAmount) return 'sold_out';
  return 'active';
}

type TermsSource = {
  rateBp: number;
  expectedRateBp: number | null;
  periodDays: number;
  shareType: string;
  earlyExitRateBp: number;
  committedAmount: bigint | null;
};

export function termsOf(t: TermsSource): PlanTerms {
  return {
    rate: bpToRate(t.rateBp),
    daily_rate: dailyRatePct(t.rateBp),
    expected_rate: t.expectedRateBp === null ? null : bpToRate(t.expectedRateBp),
    effective_yield: effectiveYieldPct(t.rateBp, t.periodDays),
    period_days: t.periodDays,
    share_type: t.shareType as ShareType,
    early_exit_rate: bpToRate(t.earlyExitRateBp),
    committed_amount: t.committedAmount === null ? null : formatMoney(t.committedAmount),
    day_count: 'actual/365',
    rounding: 'floor_cent_carry',
  };
}

export function toPlan(plan: PlanRow, now: number): Plan {
  const remaining = plan.cap - plan.invested;
  const progress = plan.cap > 0n ? Number((plan.invested * 10_000n) / plan.cap) / 100 : 0;
  return {
    id: plan.id,
    title: plan.title,
    description: plan.description,
    start_time: plan.subscribeFrom,
    end_time: plan.subscribeTo,
    min_amount: formatMoney(plan.minAmount),
    start_amount: formatMoney(plan.startAmount),
    total: formatMoney(plan.cap),
    invested: formatMoney(plan.invested),
    remaining: formatMoney(remaining),
    progress: progress.toFixed(2),
    personal_cap: plan.personalCap === null ? null : formatMoney(plan.personalCap),
    purchased_count: plan.purchasedCount,
    post_time: seconds(plan.createdAt),
    phase: phaseOf(plan, now),
    terms: termsOf(plan),
    example_interest: formatMoney(accruedAfter(10_000n, plan.rateBp, plan.periodDays)),
  };
}

/** Whether a holding's interest is credited to plan_interest (held) rather than paid out daily. */
export const holdsInterest = (h: Pick<HoldingRow, 'shareType' | 'status'>) =>
  h.shareType === 'maturity' || h.status === 3;

/** How many days before maturity the renewal offer (with the next period's rate) is shown. */
export const RENEW_OFFER_DAYS = 3;

export function toHolding(
  h: HoldingRow,
  lots: LotRow[],
  today: number,
  tz: string,
  offerRateBp: number | null = null,
): Holding {
  const open = lots.filter((l) => l.open === 1);
  const current = h.status === 2 ? lots : open;
  const principal = current.reduce((s, l) => s + l.principal, 0n);
  const accrued = lots.reduce((s, l) => s + l.accrued, 0n);
  const held = open.reduce((s, l) => s + l.held, 0n);
  const expected = open.reduce((s, l) => s + accruedAfter(l.principal, l.rateBp, l.lastDay - l.firstDay + 1), 0n);
  const needed = h.status === 3 && h.committedAmount !== null ? h.committedAmount - principal : null;
  const live = h.status !== 2;
  return {
    id: h.id,
    plan_id: h.planId,
    title: h.title,
    status: h.status as 1 | 2 | 3,
    terms: termsOf(h),
    principal: formatMoney(principal),
    accrued: formatMoney(accrued),
    paid: formatMoney(accrued - held),
    held: formatMoney(held),
    expected_interest: formatMoney(live ? expected : accrued),
    amount_at_maturity: formatMoney(principal + (live ? expected : accrued)),
    topup_needed: needed !== null && needed > 0n ? formatMoney(needed) : null,
    topup_until: needed !== null && needed > 0n ? dayStart(h.lastDay, tz) : null,
    first_day: dayLabel(h.firstDay),
    last_day: dayLabel(h.lastDay),
    next_accrual_time: live && today <= h.lastDay ? dayStart(Math.max(today, h.firstDay) + 1, tz) : null,
    maturity_time: dayStart(h.lastDay + 1, tz),
    renew: h.renew === 1,
    renew_rate: h.renew === 1 && h.renewRateBp !== null ? bpToRate(h.renewRateBp) : null,
    renew_offer_rate:
      h.status === 1 &&
      h.renew === 0 &&
      offerRateBp !== null &&
      today <= h.lastDay &&
      h.lastDay - today < RENEW_OFFER_DAYS
        ? bpToRate(offerRateBp)
        : null,
    cycle: h.cycle,
    lots: lots
      .filter((l) => h.status === 2 || l.open === 1)
      .map((l) => ({
        id: l.id,
        kind: l.kind as 'buy' | 'topup' | 'renew',
        principal: formatMoney(l.principal),
        first_day: dayLabel(l.firstDay),
        last_day: dayLabel(l.lastDay),
        accrued: formatMoney(l.accrued),
        days_accrued: Math.max(0, l.accruedThrough - l.firstDay + 1),
        open: l.open === 1,
      })),
    created_at: seconds(h.createdAt),
    settled_at: h.settledAt ? seconds(h.settledAt) : null,
    time_zone: tz,
  };
}

export function toProjectOrder(o: OrderRow): ProjectOrder {
  return {
    id: o.id,
    holding_id: o.holdingId,
    plan_id: o.planId,
    title: o.title,
    kind: o.kind as ProjectOrder['kind'],
    amount: formatMoney(o.amount),
    interest: formatMoney(o.interest),
    forfeited: formatMoney(o.forfeited),
    created_at: seconds(o.createdAt),
  };
}
