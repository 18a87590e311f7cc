import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The limits a user set on themselves, a time-out or self-exclusion, and the raises waiting for their 24 hours.
 * A row exists from a user's first limit or exclusion on (and stays: from then on their usage is kept).
 */
export const userLimits = pgTable(
  'user_limits',
  {
    userId: bigint('user_id', { mode: 'number' }).primaryKey(),
    /** In force: limit name to value (minor units for amounts, a whole number for counts and minutes). */
    limits: jsonb('limits').$type<Record<string, string>>().notNull().default({}),
    /** Raises and removals waiting: name to { value (null: removal), at (seconds: confirmable from then) }. */
    pending: jsonb('pending').$type<Record<string, { value: string | null; at: number }>>().notNull().default({}),
    realityMinutes: integer('reality_minutes'),
    /** A time-out or self-exclusion: until when (seconds), what kind, since when. Nothing shortens it. */
    excludedUntil: bigint('excluded_until', { mode: 'number' }),
    exclusionKind: text('exclusion_kind'),
    excludedAt: bigint('excluded_at', { mode: 'number' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('user_limits_exclusion_kind', sql`${t.exclusionKind} in ('timeout','self_exclusion')`)],
);

/**
 * Each limited user's real-money trading per UTC day of opening: stakes (turnover), stakes and fees paid in,
 * and what settlement paid back for the orders opened that day. Net loss over a window is paid - returned of
 * the orders opened in it (an open order counts as lost until it settles). Kept by placement, copy fills and
 * settlement in their own transactions, for users with a user_limits row only.
 */
export const limitUsage = pgTable(
  'limit_usage',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    staked: bigint('staked', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    paid: bigint('paid', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    returned: bigint('returned', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
