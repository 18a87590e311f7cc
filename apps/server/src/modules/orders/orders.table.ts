import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A contract order. Its terms are copied from contract_terms at open, its prices are the recorded
 * prices of its open and settlement seconds, and nothing but the settlement job writes the result.
 */
export const contractOrders = pgTable(
  'contract_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
    direction: text('direction').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    seconds: integer('seconds').notNull(),
    payoutBp: integer('payout_bp').notNull(),
    lossBp: integer('loss_bp').notNull(),
    feeBp: integer('fee_bp').notNull(),
    openTime: bigint('open_time', { mode: 'number' }).notNull(),
    openPrice: bigint('open_price', { mode: 'bigint' }).notNull(),
    settleTime: bigint('settle_time', { mode: 'number' }).notNull(),
    /** The second of the recorded tick that settled it (the price in effect at settle_time). */
    settleTickTime: bigint('settle_tick_time', { mode: 'number' }),
    settlePrice: bigint('settle_price', { mode: 'bigint' }),
    status: text('status').notNull().default('open'),
    /** 'real' or 'practice': practice orders move PUSD (virtual money) only. */
    mode: text('mode').notNull().default('real'),
    /** 'win', 'loss', 'draw', or 'void' (the second-source rule: stake and fee returned). */
    result: text('result'),
    /** The second-source rule copied at open as shown in the terms (null: none applies to this order). */
    refSource: text('ref_source'),
    refToleranceBp: integer('ref_tolerance_bp'),
    refMaxAgeSeconds: integer('ref_max_age_seconds'),
    payout: bigint('payout', { mode: 'bigint' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    index('contract_orders_user_idx').on(t.userId, t.id),
    // A user's order list (one mode, any or one status, newest first) and its count, from the index alone: the
    // heavy user's fifty thousand orders are neither fetched to be filtered nor sorted.
    index('contract_orders_user_mode_idx').on(t.userId, t.mode, t.id, t.status),
    // The operators' search by date range.
    index('contract_orders_created_idx').on(t.createdAt),
    index('contract_orders_due_idx')
      .on(t.settleTime)
      .where(sql`${t.status} = 'open'`),
    index('contract_orders_user_open_idx')
      .on(t.userId, t.productId)
      .where(sql`${t.status} = 'open'`),
    // A user's holding list (open orders, newest first) and its count: with the list's index above, the heavy
    // user's one open order was found by reading all fifty thousand of their orders, twice.
    index('contract_orders_user_open_list_idx')
      .on(t.userId, t.mode, t.id)
      .where(sql`${t.status} = 'open'`),
    // Retention keeps every tick an order was opened or settled at: these make that check cheap.
    index('contract_orders_open_tick_idx').on(t.productId, t.openTime),
    index('contract_orders_settle_tick_idx').on(t.productId, t.settleTickTime),
    check('contract_orders_mode', sql`${t.mode} in ('real','practice')`),
    check('contract_orders_direction', sql`${t.direction} in ('up','down')`),
    check('contract_orders_status', sql`${t.status} in ('open','settled')`),
    check('contract_orders_result', sql`(${t.status} = 'open') = (${t.result} is null)`),
    check('contract_orders_settle_time', sql`${t.settleTime} = ${t.openTime} + ${t.seconds}`),
  ],
);

/**
 * Each user's open stake per product and mode, kept in the transactions that change it: opening an order adds its
 * stake, settling subtracts it. The open-stake limit reads one row instead of summing the user's open orders,
 * which grew with every order left open; the open-orders limit reads its count the same way. Always equal to the sum
 * of the open orders' stakes, and their number (`openStakeDrift`).
 */
export const openStakes = pgTable(
  'open_stakes',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    productId: integer('product_id').notNull(),
    mode: text('mode').notNull(),
    stake: bigint('stake', { mode: 'bigint' }).notNull(),
    /** How many open orders the stake is of. */
    orders: integer('orders').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.productId, t.mode] }),
    check('open_stakes_not_negative', sql`${t.stake} >= 0`),
    check('open_stakes_orders_not_negative', sql`${t.orders} >= 0`),
  ],
);
