import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators' credits and debits of a user's available balance, each posted as one balanced journal against the
 * house's adjustments account. Above the four-eyes threshold an adjustment waits (pending) for a second,
 * different operator; nothing moves before.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    direction: text('direction').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull(),
    requestedBy: text('requested_by').notNull(),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    index('balance_adjustments_status_idx').on(t.status, t.id),
    index('balance_adjustments_user_idx').on(t.userId, t.id),
    check('balance_adjustments_amount', sql`${t.amount} > 0`),
    check('balance_adjustments_direction', sql`${t.direction} in ('credit', 'debit')`),
    check('balance_adjustments_status', sql`${t.status} in ('pending', 'posted', 'refused')`),
  ],
);
