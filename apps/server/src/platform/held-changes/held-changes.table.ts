import { sql } from 'drizzle-orm';
import { bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { HeldChangeField } from '@app/contracts';

/**
 * Changes of a control that weaken it, waiting for a second operator (maker-checker). `change` is what the owner
 * applies on approval (its own wire format); `fields` what the console shows. One pending change per target, so
 * two proposals cannot race each other through approval.
 */
export const heldChanges = pgTable(
  'held_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    target: text('target').notNull(),
    permission: text('permission').notNull(),
    change: jsonb('change').$type<Record<string, unknown>>().notNull(),
    fields: jsonb('fields').$type<HeldChangeField[]>().notNull(),
    status: text('status').notNull().default('pending'),
    proposedBy: text('proposed_by').notNull(),
    proposalReason: text('proposal_reason').notNull(),
    decidedBy: text('decided_by'),
    decisionReason: text('decision_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('held_changes_pending_target_key')
      .on(t.target)
      .where(sql`${t.status} = 'pending'`),
    index('held_changes_status_idx').on(t.status, t.id),
    check('held_changes_status_check', sql`${t.status} IN ('pending', 'applied', 'refused')`),
  ],
);
