import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A user who published themselves as a leader. Public by design: its id names the leader in public pages,
 * which is why the owning user is `leader_user_id` (the leader's things are not private rows of a user).
 */
export const copyLeaders = pgTable(
  'copy_leaders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaderUserId: bigint('leader_user_id', { mode: 'number' }).notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull().default(''),
    status: text('status').notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('copy_leaders_user_idx').on(t.leaderUserId),
    check('copy_leaders_status', sql`${t.status} in ('active','retired')`),
  ],
);

/**
 * One leadership stint. Its orders are the leader's real orders with id in (after_order_id, until_order_id]
 * (both taken under the leader's order lock, so no order can fall between stints). Never deleted; the head
 * columns only point at the newest entry of the append-only chain below.
 */
export const copyRecords = pgTable(
  'copy_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaderId: bigint('leader_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('active'),
    afterOrderId: bigint('after_order_id', { mode: 'number' }).notNull(),
    untilOrderId: bigint('until_order_id', { mode: 'number' }),
    headSeq: integer('head_seq').notNull(),
    headHash: text('head_hash').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('copy_records_leader_idx').on(t.leaderId, t.id),
    uniqueIndex('copy_records_one_active_idx')
      .on(t.leaderId)
      .where(sql`${t.status} = 'active'`),
    check('copy_records_status', sql`${t.status} in ('active','retired')`),
    check(
      'copy_records_ended',
      sql`(${t.status} = 'retired') = (${t.endedAt} is not null and ${t.untilOrderId} is not null)`,
    ),
  ],
);

/**
 * The hash chain of a record: append-only (a trigger refuses UPDATE and DELETE). `data` is the canonical text
 * that was hashed; hash = sha256(prev_hash || "\n" || data).
 */
export const copyRecordEntries = pgTable(
  'copy_record_entries',
  {
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    orderId: bigint('order_id', { mode: 'number' }),
    data: text('data').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.recordId, t.seq] }),
    // An order opens and settles once in a record.
    uniqueIndex('copy_record_entries_order_idx')
      .on(t.orderId, t.kind)
      .where(sql`${t.orderId} is not null`),
    check('copy_record_entries_kind', sql`${t.kind} in ('start','open','settle','retire')`),
    check('copy_record_entries_order', sql`(${t.kind} in ('open','settle')) = (${t.orderId} is not null)`),
  ],
);

/** A follower's subscription to a leader; one live (active or paused) per follower and leader. */
export const copySubscriptions = pgTable(
  'copy_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    leaderId: bigint('leader_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('active'),
    stoppedReason: text('stopped_reason'),
    stakeMode: text('stake_mode').notNull(),
    amount: bigint('amount', { mode: 'bigint' }),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    dailyLoss: bigint('daily_loss', { mode: 'bigint' }).notNull(),
    symbols: text('symbols')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    periods: integer('periods')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('copy_subscriptions_live_idx')
      .on(t.userId, t.leaderId)
      .where(sql`${t.status} <> 'stopped'`),
    index('copy_subscriptions_leader_idx')
      .on(t.leaderId)
      .where(sql`${t.status} = 'active'`),
    index('copy_subscriptions_user_idx').on(t.userId, t.id),
    check('copy_subscriptions_status', sql`${t.status} in ('active','paused','stopped')`),
    check('copy_subscriptions_mode', sql`${t.stakeMode} in ('fixed','mirror')`),
    check(
      'copy_subscriptions_amounts',
      sql`${t.maxAmount} > 0 and ${t.dailyLoss} > 0 and (${t.stakeMode} = 'mirror' or (${t.amount} > 0 and ${t.amount} <= ${t.maxAmount}))`,
    ),
  ],
);

/**
 * The fan-out: one row per follower and leader order, written in the leader order's transaction and worked
 * off by the copy job. Each ends copied (with the follower's order), skipped (with a reason key) or failed.
 */
export const copyTasks = pgTable(
  'copy_tasks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    subscriptionId: bigint('subscription_id', { mode: 'number' }).notNull(),
    leaderOrderId: bigint('leader_order_id', { mode: 'number' }).notNull(),
    recordId: bigint('record_id', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reasonParams: jsonb('reason_params').$type<Record<string, string>>().notNull().default({}),
    copyOrderId: bigint('copy_order_id', { mode: 'number' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp('done_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('copy_tasks_follower_order_idx').on(t.userId, t.leaderOrderId),
    uniqueIndex('copy_tasks_copy_order_idx')
      .on(t.copyOrderId)
      .where(sql`${t.copyOrderId} is not null`),
    index('copy_tasks_pending_idx')
      .on(t.id)
      .where(sql`${t.status} = 'pending'`),
    index('copy_tasks_user_idx').on(t.userId, t.id),
    index('copy_tasks_subscription_idx').on(t.subscriptionId, t.createdAt),
    index('copy_tasks_leader_order_idx').on(t.leaderOrderId),
    check('copy_tasks_status', sql`${t.status} in ('pending','copied','skipped','failed')`),
    check('copy_tasks_outcome', sql`(${t.status} = 'copied') = (${t.copyOrderId} is not null)`),
  ],
);
