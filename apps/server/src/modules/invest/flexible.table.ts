import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The flexible Yuebao balance. One account row per user mirrors the ledger's `yuebao` bucket (the same transaction
 * changes both) and carries what the daily interest needs: the day's lowest balance (`earning` for `earning_day`,
 * money moved in that day not counted), the last day credited and the sub-cent remainder carried. An accrual is one
 * user's credit for one platform day, unique on (user, day): that key makes a day count once.
 * Days are platform calendar days counted from 1970-01-01 (in PLATFORM_TZ); rates are basis points.
 */
export const investFlexAccounts = pgTable(
  'invest_flex_accounts',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The lowest balance of `earning_day` so far, not counting money moved in that day. */
    earning: bigint('earning', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    earningDay: integer('earning_day').notNull(),
    accruedThrough: integer('accrued_through').notNull(),
    /** Interest below a cent, in 1/3,650,000 of a cent, carried to the next day. */
    carry: bigint('carry', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    totalProfit: bigint('total_profit', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    /** The day `out_instant` counts for: what went out instantly that day. */
    outDay: integer('out_day').notNull().default(0),
    outInstant: bigint('out_instant', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invest_flex_accounts_due_idx')
      .on(t.accruedThrough, t.userId)
      .where(sql`${t.balance} > 0`),
    check(
      'invest_flex_accounts_balance',
      sql`${t.balance} >= 0 and ${t.earning} >= 0 and ${t.earning} <= ${t.balance}`,
    ),
    check('invest_flex_accounts_carry', sql`${t.carry} >= 0 and ${t.carry} < 3650000`),
    check('invest_flex_accounts_days', sql`${t.accruedThrough} >= ${t.earningDay} - 1`),
    check('invest_flex_accounts_out', sql`${t.outInstant} >= 0`),
  ],
);

export const investFlexAccruals = pgTable(
  'invest_flex_accruals',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    /** The balance the day earned on. */
    base: bigint('base', { mode: 'bigint' }).notNull(),
    rateBp: integer('rate_bp').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('invest_flex_accruals_amount', sql`${t.amount} >= 0 and ${t.base} > 0`),
  ],
);

/** Every move in and out; a move out's next-day part is `pending` until the day it arrives. */
export const investFlexMoves = pgTable(
  'invest_flex_moves',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    instant: bigint('instant', { mode: 'bigint' }).notNull(),
    nextDay: bigint('next_day', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    arrivesDay: integer('arrives_day'),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invest_flex_moves_user_idx').on(t.userId, t.id),
    index('invest_flex_moves_due_idx')
      .on(t.arrivesDay, t.id)
      .where(sql`${t.status} = 'pending'`),
    check('invest_flex_moves_kind', sql`${t.kind} in ('in','out')`),
    check('invest_flex_moves_status', sql`${t.status} in ('done','pending')`),
    check(
      'invest_flex_moves_amounts',
      sql`${t.amount} > 0 and ${t.instant} >= 0 and ${t.nextDay} >= 0 and ${t.instant} + ${t.nextDay} = ${t.amount} and (${t.nextDay} = 0) = (${t.arrivesDay} is null)`,
    ),
  ],
);

/**
 * The yearly rate from a day on: the rate of day d is the row with the greatest `effective_day` <= d. Rows are
 * added, never changed: an operator's change takes effect from a future day, so no day already begun changes rate.
 */
export const investFlexRates = pgTable(
  'invest_flex_rates',
  {
    effectiveDay: integer('effective_day').primaryKey(),
    rateBp: integer('rate_bp').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('invest_flex_rates_rate', sql`${t.rateBp} >= 0 and ${t.rateBp} <= 10000`)],
);

/** The one row of settings: what one user may move out instantly per platform day. */
export const investFlexSettings = pgTable(
  'invest_flex_settings',
  {
    id: integer('id').primaryKey(),
    instantOutDaily: bigint('instant_out_daily', { mode: 'bigint' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invest_flex_settings_one', sql`${t.id} = 1`),
    check('invest_flex_settings_instant', sql`${t.instantOutDaily} >= 0`),
  ],
);
