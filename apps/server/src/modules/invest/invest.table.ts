import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Yuebao. A plan is what operators publish; a holding is one user's position in one plan with the terms
 * copied at purchase (later plan edits never touch it); a lot is one piece of principal with its own
 * interest days (the buy, each top-up, each renewal); an accrual is one lot's credit for one platform
 * day, unique on (lot, day): that key, not a check in code, makes a day count once.
 *
 * Days are platform calendar days counted from 1970-01-01 (in PLATFORM_TZ). Rates are basis points.
 */
export const investPlans = pgTable(
  'invest_plans',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Stable name for the seed and operators. */
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    subscribeFrom: bigint('subscribe_from', { mode: 'number' }).notNull(),
    subscribeTo: bigint('subscribe_to', { mode: 'number' }).notNull(),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    startAmount: bigint('start_amount', { mode: 'bigint' }).notNull(),
    committedAmount: bigint('committed_amount', { mode: 'bigint' }),
    rateBp: integer('rate_bp').notNull(),
    expectedRateBp: integer('expected_rate_bp'),
    periodDays: integer('period_days').notNull(),
    earlyExitRateBp: integer('early_exit_rate_bp').notNull().default(0),
    shareType: text('share_type').notNull(),
    cap: bigint('cap', { mode: 'bigint' }).notNull(),
    /** Principal currently reserved in the plan; raised atomically with `invested + x <= cap`. */
    invested: bigint('invested', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    personalCap: bigint('personal_cap', { mode: 'bigint' }),
    purchasedCount: integer('purchased_count').notNull().default(0),
    /** active | paused | closed (set by operators). */
    state: text('state').notNull().default('active'),
    sort: integer('sort').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invest_plans_slug_key').on(t.slug),
    check('invest_plans_capacity', sql`${t.invested} >= 0 and ${t.invested} <= ${t.cap}`),
    check('invest_plans_share_type', sql`${t.shareType} in ('daily','maturity')`),
    check('invest_plans_state', sql`${t.state} in ('active','paused','closed')`),
    check(
      'invest_plans_amounts',
      sql`${t.minAmount} > 0 and ${t.startAmount} >= ${t.minAmount} and (${t.committedAmount} is null or ${t.committedAmount} > ${t.startAmount})`,
    ),
    check(
      'invest_plans_rates',
      sql`${t.rateBp} > 0 and ${t.earlyExitRateBp} >= 0 and ${t.earlyExitRateBp} <= ${t.rateBp}`,
    ),
    check('invest_plans_period', sql`${t.periodDays} between 1 and 3650`),
  ],
);

export const investHoldings = pgTable(
  'invest_holdings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => investPlans.id),
    title: text('title').notNull(),
    /** 1 earning, 2 expired and settled, 3 awaiting top-up. */
    status: integer('status').notNull(),
    rateBp: integer('rate_bp').notNull(),
    expectedRateBp: integer('expected_rate_bp'),
    periodDays: integer('period_days').notNull(),
    earlyExitRateBp: integer('early_exit_rate_bp').notNull(),
    shareType: text('share_type').notNull(),
    committedAmount: bigint('committed_amount', { mode: 'bigint' }),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    personalCap: bigint('personal_cap', { mode: 'bigint' }),
    /** Current period: first and last interest day. */
    firstDay: integer('first_day').notNull(),
    lastDay: integer('last_day').notNull(),
    renew: integer('renew').notNull().default(0),
    renewRateBp: integer('renew_rate_bp'),
    cycle: integer('cycle').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('invest_holdings_user_idx').on(t.userId, t.id),
    // The user's holdings as listed (live ones first, newest first): a page is read in order, never sorted.
    index('invest_holdings_user_list_idx').on(t.userId, sql`(${t.status} = 2)`, t.id.desc().nullsFirst()),
    // One live holding per user and plan ("already investing"): a unique index, not a check in code.
    uniqueIndex('invest_holdings_live_key')
      .on(t.userId, t.planId)
      .where(sql`${t.status} <> 2`),
    index('invest_holdings_due_idx')
      .on(t.lastDay)
      .where(sql`${t.status} <> 2`),
    check('invest_holdings_status', sql`${t.status} in (1,2,3)`),
  ],
);

export const investLots = pgTable(
  'invest_lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    holdingId: bigint('holding_id', { mode: 'number' })
      .notNull()
      .references(() => investHoldings.id),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    principal: bigint('principal', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    firstDay: integer('first_day').notNull(),
    lastDay: integer('last_day').notNull(),
    /** The last day credited (first_day - 1 before the first credit). */
    accruedThrough: integer('accrued_through').notNull(),
    accrued: bigint('accrued', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** Part of `accrued` still held in the user's plan_interest bucket. */
    held: bigint('held', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    open: integer('open').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invest_lots_holding_idx').on(t.holdingId),
    index('invest_lots_due_idx')
      .on(t.id)
      .where(sql`${t.open} = 1 and ${t.accruedThrough} < ${t.lastDay}`),
    check('invest_lots_kind', sql`${t.kind} in ('buy','topup','renew')`),
    check('invest_lots_principal', sql`${t.principal} > 0`),
    check(
      'invest_lots_days',
      sql`${t.lastDay} >= ${t.firstDay} and ${t.accruedThrough} >= ${t.firstDay} - 1 and ${t.accruedThrough} <= ${t.lastDay}`,
    ),
    check('invest_lots_held', sql`${t.held} >= 0 and ${t.held} <= ${t.accrued}`),
  ],
);

export const investAccruals = pgTable(
  'invest_accruals',
  {
    /** A lot of invest_lots: written only from the lot's own row in the same statement, and lots are never deleted. */
    lotId: bigint('lot_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    holdingId: bigint('holding_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** 1 when credited to plan_interest (held), 0 when paid to available. */
    held: integer('held').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.lotId, t.day] }),
    index('invest_accruals_holding_idx').on(t.holdingId, t.day),
    index('invest_accruals_user_day_idx').on(t.userId, t.day),
    check('invest_accruals_amount', sql`${t.amount} >= 0`),
  ],
);

/** Every buy, top-up, renewal, payout, stop and maturity, as the user's project order list. */
export const investOrders = pgTable(
  'invest_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    holdingId: bigint('holding_id', { mode: 'number' })
      .notNull()
      .references(() => investHoldings.id),
    planId: bigint('plan_id', { mode: 'number' }).notNull(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    interest: bigint('interest', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    forfeited: bigint('forfeited', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The journal that moved the money, unique per event (maturity and renewal run once per cycle). */
    reference: text('reference').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invest_orders_user_idx').on(t.userId, t.id),
    uniqueIndex('invest_orders_reference_key').on(t.reference),
    check('invest_orders_kind', sql`${t.kind} in ('buy','topup','renew','payout','stop','maturity')`),
  ],
);

/**
 * A plan's name and description in a language other than English (the plan row's own title and description are
 * the English text, shown to readers whose language has no row here).
 */
export const investPlanTexts = pgTable(
  'invest_plan_texts',
  {
    planId: bigint('plan_id', { mode: 'number' })
      .notNull()
      .references(() => investPlans.id),
    lang: text('lang').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.lang] }),
    check('invest_plan_texts_lang', sql`${t.lang} in ('de','es','fr','hk','jp','kor','th','zh','vi')`),
    check('invest_plan_texts_title', sql`length(${t.title}) between 1 and 80`),
  ],
);
