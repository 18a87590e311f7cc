import {
  bigint,
  customType,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { LiabilityCoinPrice } from '@app/contracts';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Each user's secret of the proof of liabilities: their leaf id of a day is HMAC-SHA-256(secret, day), so the
 * published tree names nobody and only the user (who reads the secret with their proof) can find their leaf.
 */
export const liabilitySecrets = pgTable('liability_secrets', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  secret: bytea('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A published day: the Merkle sum tree's root over every user's liability, logged in the transparency log. */
export const liabilityDays = pgTable('liability_days', {
  /** The platform day (PLATFORM_TZ), YYYY-MM-DD. */
  day: text('day').primaryKey(),
  rootHash: bytea('root_hash').notNull(),
  total: bigint('total', { mode: 'bigint' }).notNull(),
  leaves: integer('leaves').notNull(),
  /** The price each coin users held was valued at: the last recorded second of the day (null: none recorded). */
  coinPrices: jsonb('coin_prices').$type<LiabilityCoinPrice[]>().notNull().default([]),
  builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The tree's nodes by level (0: leaves, sorted by leaf id), kept so a proof is a read, not a rebuild. */
export const liabilityNodes = pgTable(
  'liability_nodes',
  {
    day: text('day').notNull(),
    level: smallint('level').notNull(),
    idx: integer('idx').notNull(),
    hash: bytea('hash').notNull(),
    sum: bigint('sum', { mode: 'bigint' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.level, t.idx] })],
);

/** Where each user's leaf sits in a day's tree. */
export const liabilityLeaves = pgTable(
  'liability_leaves',
  {
    day: text('day').notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    idx: integer('idx').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.userId] })],
);
