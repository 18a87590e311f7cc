import { LANGUAGES } from './languages.ts';
import { z } from 'zod';
import { amountText } from './amount-text.ts';
import { cappedTotal, cursorPageOf, cursorQuery, pageOf, pageQuerySchema } from './page.ts';
import { idempotencyKey } from './fields.ts';

/**
 * Yuebao: fixed-period plans (projects), holdings made of lots, daily accrual. Money is a decimal string
 * in USD (unit U) on the wire, rates are percent strings ("5.00"), days are the platform's calendar days
 * ("2026-11-23", in `time_zone`), times are seconds.
 *
 * Accrual rule (the same everywhere, stated in every terms sheet): day count actual/365; a lot of
 * principal P at yearly rate r has earned floor(P x r x k / 365) minor units after k interest days
 * (rounded down to the cent, the fraction carried to the next day), so the sum of its daily credits over
 * n days is exactly floor(P x r x n / 365).
 */

/** Yearly rates are kept in basis points (1 bp = 0.01 %). Interest of a lot after `days` interest days. */
export function accruedAfter(principal: bigint, rateBp: number, days: number): bigint {
  if (days <= 0 || principal <= 0n || rateBp <= 0) return 0n;
  return (principal * BigInt(rateBp) * BigInt(days)) / 3_650_000n;
}

/** The credit of interest day `k` (1-based) of a lot: the carried-remainder daily amount. */
export function dailyCredit(principal: bigint, rateBp: number, k: number): bigint {
  return accruedAfter(principal, rateBp, k) - accruedAfter(principal, rateBp, k - 1);
}

/** Effective yearly yield when the simple rate is earned for `days` and rolled over all year, in percent. */
export function effectiveYieldPct(rateBp: number, days: number): string {
  const r = rateBp / 10_000;
  const y = Math.pow(1 + (r * days) / 365, 365 / days) - 1;
  return (Math.round(y * 10_000) / 100).toFixed(2);
}

export const bpToRate = (bp: number) => (bp / 100).toFixed(2);
/** Daily rate = yearly / 365, shown with four decimals ("0.0137"). */
export const dailyRatePct = (bp: number) => (bp / 100 / 365).toFixed(4);

export const SHARE_TYPES = ['daily', 'maturity'] as const;
export const shareTypeSchema = z.enum(SHARE_TYPES);
export type ShareType = z.infer<typeof shareTypeSchema>;

/** upcoming: before its subscription window; active: open for subscription; ended: window over or closed. */
export const planPhaseSchema = z.enum(['upcoming', 'active', 'paused', 'sold_out', 'ended']);
export type PlanPhase = z.infer<typeof planPhaseSchema>;

export const planFilterSchema = z.enum(['all', 'active', 'ended']);
export type PlanFilter = z.infer<typeof planFilterSchema>;

// The wallet's rule and words: letters, a minus sign, zero and a third decimal each say what is wrong.
const amount = amountText(2);
const id = z.coerce
  .number({ error: 'no_data' })
  .int('no_data')
  .positive('no_data')
  .max(2 ** 53 - 1, 'no_data');
const { page, size } = pageQuerySchema({ maxSize: 50, defaultSize: 10 }).shape;

export const planListQuerySchema = z.object({ filter: planFilterSchema.default('all'), page, size });
export type PlanListQuery = z.input<typeof planListQuerySchema>;

export const planIdQuerySchema = z.object({ id });

export const joinBodySchema = z.object({ id, amount, key: idempotencyKey });
export type JoinBody = z.input<typeof joinBodySchema>;
/** `id` is the holding. */
export const appendBodySchema = z.object({ id, amount, key: idempotencyKey });
export type AppendBody = z.input<typeof appendBodySchema>;
export const keepBodySchema = z.object({
  id,
  key: idempotencyKey,
  /** "1" opts in to renewal at maturity (the default), "0" takes it back. */
  renew: z.enum(['0', '1']).default('1'),
});
export type KeepBody = z.input<typeof keepBodySchema>;
export const stopBodySchema = z.object({ id, key: idempotencyKey });
export type StopBody = z.input<typeof stopBodySchema>;
export const holdingIdQuerySchema = z.object({ id });

export const myProjectQuerySchema = z.object({
  /** 1 earning, 2 expired and settled, 3 awaiting top-up; absent = all. */
  status: z.coerce.number().int().min(1).max(3).optional(),
  page,
  size,
  /**
   * Keyset paging in the list's own order (live holdings first, then the settled ones, each newest first): the
   * `next` of the page before, `l<id>` within the live ones or `c<id>` within the settled ones.
   */
  cursor: z
    .string()
    .regex(/^[lc][1-9][0-9]{0,17}$/, 'invalid_request')
    .optional(),
});
export const projectOrderListQuerySchema = z.object({
  page,
  size,
  ...cursorQuery,
  /** Only the orders of one holding. */
  holding_id: id.optional(),
});

/** Everything a user agrees to when buying. Copied into the holding; later edits never change it. */
export const planTermsSchema = z.object({
  rate: z.string(),
  daily_rate: z.string(),
  expected_rate: z.string().nullable(),
  effective_yield: z.string(),
  period_days: z.number().int(),
  share_type: shareTypeSchema,
  /** Yearly rate applied to held interest on an early stop; principal is always returned in full. */
  early_exit_rate: z.string(),
  /** Above start_amount where the plan asks for a committed amount (status 3 until reached). */
  committed_amount: z.string().nullable(),
  day_count: z.literal('actual/365'),
  rounding: z.literal('floor_cent_carry'),
});
export type PlanTerms = z.infer<typeof planTermsSchema>;

export const planSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
  min_amount: z.string(),
  start_amount: z.string(),
  total: z.string(),
  invested: z.string(),
  remaining: z.string(),
  /** 0-100, two decimals. */
  progress: z.string(),
  personal_cap: z.string().nullable(),
  purchased_count: z.number().int(),
  post_time: z.number().int(),
  phase: planPhaseSchema,
  terms: planTermsSchema,
  /** What 100 U earns over the whole period under the rounding rule. */
  example_interest: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

export const planListSchema = pageOf(planSchema);
export type PlanList = z.infer<typeof planListSchema>;

export const holdingStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);
export type HoldingStatus = z.infer<typeof holdingStatusSchema>;

export const lotSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['buy', 'topup', 'renew']),
  principal: z.string(),
  /** First and last interest day, in the platform's calendar. */
  first_day: z.string(),
  last_day: z.string(),
  accrued: z.string(),
  days_accrued: z.number().int(),
  open: z.boolean(),
});
export type Lot = z.infer<typeof lotSchema>;

export const holdingSchema = z.object({
  id: z.number().int(),
  plan_id: z.number().int(),
  title: z.string(),
  status: holdingStatusSchema,
  terms: planTermsSchema,
  principal: z.string(),
  /** Interest credited so far (paid out plus held). */
  accrued: z.string(),
  paid: z.string(),
  held: z.string(),
  /** Total expected at maturity on the current principal (interest only). */
  expected_interest: z.string(),
  amount_at_maturity: z.string(),
  /** Status 3: U still needed to reach the committed amount, and until when. */
  topup_needed: z.string().nullable(),
  topup_until: z.number().int().nullable(),
  first_day: z.string(),
  last_day: z.string(),
  /** When the next daily credit is made (seconds), null once settled. */
  next_accrual_time: z.number().int().nullable(),
  maturity_time: z.number().int(),
  renew: z.boolean(),
  /** The rate of the next period if renewed (stated before maturity). */
  renew_rate: z.string().nullable(),
  /**
   * In the last days before maturity of an earning holding without renewal: the rate a renewal would get now
   * (the plan's current rate), so the user reads it before deciding. Null otherwise.
   */
  renew_offer_rate: z.string().nullable(),
  cycle: z.number().int(),
  lots: z.array(lotSchema),
  created_at: z.number().int(),
  settled_at: z.number().int().nullable(),
  time_zone: z.string(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const planDetailSchema = z.object({
  plan: planSchema,
  holding: holdingSchema.nullable(),
  time_zone: z.string(),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

// Live holdings first, then settled ones; paged by its own cursor (see myProjectQuerySchema), its total capped.
export const holdingListSchema = pageOf(holdingSchema).extend({ ...cappedTotal, next: z.string().nullable() });
export type HoldingList = z.infer<typeof holdingListSchema>;

export const PROJECT_ORDER_KINDS = ['buy', 'topup', 'renew', 'payout', 'stop', 'maturity'] as const;
export const projectOrderSchema = z.object({
  id: z.number().int(),
  holding_id: z.number().int(),
  plan_id: z.number().int(),
  title: z.string(),
  kind: z.enum(PROJECT_ORDER_KINDS),
  /** Principal moved (buy, top-up, renewal, stop, maturity). */
  amount: z.string(),
  /** Interest paid with it (payout, stop, maturity). */
  interest: z.string(),
  forfeited: z.string(),
  created_at: z.number().int(),
});
export type ProjectOrder = z.infer<typeof projectOrderSchema>;
export const projectOrderListSchema = cursorPageOf(projectOrderSchema);
export type ProjectOrderList = z.infer<typeof projectOrderListSchema>;

export const yuebaoInfoSchema = z.object({
  currency: z.literal('USD'),
  yesterday_profit: z.string(),
  total_profit: z.string(),
  yesterday_balance: z.string(),
  /** Principal in plans plus interest held. */
  total: z.string(),
  /** Interest held that cannot be claimed yet (awaiting top-up, or paid at maturity). */
  frozen: z.string(),
  /** Cash that can be put into a plan. */
  available: z.string(),
  time_zone: z.string(),
});
export type YuebaoInfo = z.infer<typeof yuebaoInfoSchema>;

/** The exact outcome of stopping now, shown before the user confirms. */
export const stopQuoteSchema = z.object({
  holding_id: z.number().int(),
  principal: z.string(),
  /** Interest already paid out (kept). */
  paid: z.string(),
  /** Held interest that comes back with the principal. */
  interest: z.string(),
  /** Held interest that is not paid under the early-exit rule. */
  forfeited: z.string(),
  /** What lands in the available balance now. */
  total_back: z.string(),
  early_exit_rate: z.string(),
  days_held: z.number().int(),
});
export type StopQuote = z.infer<typeof stopQuoteSchema>;

export const accrualSchema = z.object({
  day: z.string(),
  lot_id: z.number().int(),
  amount: z.string(),
  held: z.boolean(),
});
export const accrualListSchema = z.object({
  holding_id: z.number().int(),
  items: z.array(accrualSchema),
  total: z.string(),
});
export type AccrualList = z.infer<typeof accrualListSchema>;

export const investResultSchema = z.object({ holding: holdingSchema, order: projectOrderSchema.nullable() });
export type InvestResult = z.infer<typeof investResultSchema>;

/** POST /api/user/yebstop: the stopped holding, its order, and the quote it was stopped at. */
export const stopResultSchema = investResultSchema.extend({ quote: stopQuoteSchema });
export type StopResult = z.infer<typeof stopResultSchema>;

// ---------- operators ----------

/** An operator's state of a plan (the phase users see also depends on its window and what is left). */
export const planStateSchema = z.enum(['active', 'paused', 'closed']);
export type PlanState = z.infer<typeof planStateSchema>;

/** A plan's name and description in one language; English is the plan's own `title` and `description`. */
export const planTextSchema = z.object({ title: z.string(), description: z.string() });
export type PlanText = z.infer<typeof planTextSchema>;

/**
 * The operator's view: `title` and `description` are the English text (shown wherever a language has none),
 * `translations` the other languages written so far.
 */
export const adminPlanSchema = planSchema.extend({
  slug: z.string(),
  state: planStateSchema,
  /** Where it stands in the list (lower first). */
  sort: z.number().int(),
  translations: z.partialRecord(z.enum(LANGUAGES), planTextSchema),
});
export type AdminPlan = z.infer<typeof adminPlanSchema>;
export const adminPlanListSchema = z.object({ items: z.array(adminPlanSchema) });

// ---------- the flexible balance ----------

/**
 * The flexible Yuebao balance beside the plans: cash moves in and out at any time. Money moved in earns from the
 * next platform day; a day earns on the lowest balance it had (money moved in that day not counted), at the rate in
 * force that day: floor((base x rate_bp + carry) / 3,650,000) cents, the remainder carried to the next day, and the
 * interest joins the balance (it earns from the next day). Out is instant up to a daily amount per user set by
 * operators; the rest of a move out arrives on the next platform day (frozen until then, earning nothing).
 * A rate change is announced ahead: it takes effect from a future day, and is kept in the terms history.
 */
export const flexRateSchema = z.object({ day: z.string(), rate_pct: z.string() });
export type FlexRate = z.infer<typeof flexRateSchema>;

export const flexInfoSchema = z.object({
  currency: z.literal('USD'),
  /** The flexible balance: earning, and movable out. */
  available: z.string(),
  /** Moved out above the day's instant amount, arriving on the next platform day. */
  frozen: z.string(),
  /** available + frozen. */
  total: z.string(),
  yesterday_profit: z.string(),
  total_profit: z.string(),
  /** The user's cash that can be moved in. */
  cash_available: z.string(),
  /** Today's yearly rate, percent. */
  rate_pct: z.string(),
  /** A change announced ahead (the first one after today), or null. */
  next_rate: flexRateSchema.nullable(),
  /** The rate in force on each of the last seven days, today last. */
  rates: z.array(flexRateSchema),
  instant_out_daily: z.string(),
  /** What can still go out instantly today. */
  instant_out_left: z.string(),
  /** The day money moved in now starts earning. */
  earning_from: z.string(),
  time_zone: z.string(),
});
export type FlexInfo = z.infer<typeof flexInfoSchema>;

export const flexAmountQuerySchema = z.object({ amount });
export const flexMoveBodySchema = z.object({ amount, key: idempotencyKey });
export type FlexMoveBody = z.input<typeof flexMoveBodySchema>;
/** `instant`: the instant part the user was shown (the quote's); a different split now moves nothing. */
export const flexOutBodySchema = flexMoveBodySchema.extend({
  instant: z.string({ error: 'invalid_request' }).regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_request'),
});
export type FlexOutBody = z.input<typeof flexOutBodySchema>;

/** What a move out of `amount` does now, stated before the user confirms it. */
export const flexOutQuoteSchema = z.object({
  amount: z.string(),
  /** Reaches the cash balance at once. */
  instant: z.string(),
  /** Reaches it on `arrives_on`. */
  next_day: z.string(),
  arrives_on: z.string(),
  instant_out_left: z.string(),
});
export type FlexOutQuote = z.infer<typeof flexOutQuoteSchema>;

export const FLEX_MOVE_KINDS = ['in', 'out'] as const;
export const flexMoveSchema = z.object({
  id: z.number().int(),
  kind: z.enum(FLEX_MOVE_KINDS),
  amount: z.string(),
  instant: z.string(),
  next_day: z.string(),
  /** The day the next-day part arrives (null when all of it was instant). */
  arrives_on: z.string().nullable(),
  /** done: all of it reached its place; pending: a next-day part is still on its way. */
  status: z.enum(['done', 'pending']),
  created_at: z.number().int(),
});
export type FlexMove = z.infer<typeof flexMoveSchema>;
export const flexMoveResultSchema = z.object({ move: flexMoveSchema, info: flexInfoSchema });
export type FlexMoveResult = z.infer<typeof flexMoveResultSchema>;

/** The operators' view: the settings in force and every rate, past and announced. */
export const adminFlexSchema = z.object({
  instant_out_daily: z.string(),
  rate_pct: z.string(),
  rates: z.array(flexRateSchema.extend({ announced_at: z.number().int() })),
  today: z.string(),
  time_zone: z.string(),
});
export type AdminFlex = z.infer<typeof adminFlexSchema>;
