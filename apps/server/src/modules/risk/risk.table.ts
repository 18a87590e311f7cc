import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/**
 * The risk rules' settings, one row per rule (modules/risk/rules.ts names them and their defaults): a threshold
 * (a count, or money in minor units) and a window in seconds. Changed only through a held change.
 */
export const riskRules = pgTable('risk_rules', {
  rule: text('rule').primaryKey(),
  threshold: bigint('threshold', { mode: 'bigint' }).notNull(),
  windowSeconds: integer('window_seconds').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A rule's hit: a flag on a deposit or withdrawal and its user, with what the rule saw. */
export const riskFlags = pgTable(
  'risk_flags',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    itemKind: text('item_kind').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    rule: text('rule').notNull(),
    details: jsonb('details').$type<Record<string, string | number | null>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('risk_flags_user_idx').on(t.userId, t.id),
    index('risk_flags_item_idx').on(t.itemKind, t.itemId),
    index('risk_flags_rule_idx').on(t.rule, t.id),
    check('risk_flags_item_kind', sql`${t.itemKind} in ('deposit', 'withdrawal')`),
  ],
);
