import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CaseEvidence } from '@app/contracts';

/**
 * A user's case against a settled order, a refused deposit or a refused withdrawal. The evidence is attached by
 * the server when the case opens (a copy of what the owning modules recorded then), so a later change to the item
 * cannot change what the case was decided on. One case per item may be undecided at a time.
 *
 * State: open (waiting for an operator), correcting (a correction waits for a second operator: `adjustment_id`),
 * decided (`outcome` upheld or corrected, with its reason). A refused correction returns the case to open.
 */
export const userCases = pgTable(
  'user_cases',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    text: text('text').notNull(),
    /** The user's image, checked and re-encoded by the uploads module. */
    uploadId: text('upload_id'),
    evidence: jsonb('evidence').$type<CaseEvidence>().notNull(),
    state: text('state').notNull().default('open'),
    outcome: text('outcome'),
    reason: text('reason'),
    /** A correction's credit to the user (minor units). */
    amount: bigint('amount', { mode: 'bigint' }),
    /** The latest correction's held balance adjustment (modules/adjustments). */
    adjustmentId: bigint('adjustment_id', { mode: 'number' }),
    decidedBy: text('decided_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('user_cases_one_undecided')
      .on(t.kind, t.itemId)
      .where(sql`${t.state} <> 'decided'`),
    index('user_cases_user_idx').on(t.userId, t.id),
    index('user_cases_state_idx').on(t.state, t.id),
    index('user_cases_adjustment_idx').on(t.adjustmentId),
    index('user_cases_decided_idx')
      .on(t.decidedAt)
      .where(sql`${t.decidedAt} is not null`),
    check('user_cases_kind', sql`${t.kind} in ('order','deposit','withdrawal')`),
    check('user_cases_state', sql`${t.state} in ('open','correcting','decided')`),
    check('user_cases_outcome', sql`(${t.state} = 'decided') = (${t.outcome} is not null)`),
    check('user_cases_outcome_kind', sql`${t.outcome} is null or ${t.outcome} in ('upheld','corrected')`),
    check('user_cases_amount', sql`${t.amount} is null or ${t.amount} > 0`),
  ],
);
