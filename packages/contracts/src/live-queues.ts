import { z } from 'zod';
import { heldChangeFieldSchema } from './held-changes.ts';

/**
 * The console's live queues (GET /admin/live, server-sent events): what waits in each queue the operator's role
 * may work (`cases`: users' contests not yet decided nor waiting on a correction's approval). `approvals` counts what waits for a second operator: deposits and withdrawals with a first approval,
 * held balance adjustments and held changes of a control. `marks` change whenever something new arrives in a
 * queue (even if another item left it meanwhile), so the console knows to read that list again.
 */
export const LIVE_QUEUES = ['deposits', 'withdrawals', 'real_name', 'support', 'cases', 'approvals'] as const;
export const liveQueueSchema = z.enum(LIVE_QUEUES);
export type LiveQueue = z.infer<typeof liveQueueSchema>;

export const liveCountsSchema = z.object({
  counts: z.partialRecord(liveQueueSchema, z.number().int()),
  marks: z.partialRecord(liveQueueSchema, z.number()),
});
export type LiveCounts = z.infer<typeof liveCountsSchema>;

/** What a second operator may decide: a deposit or withdrawal with its first approval, a held adjustment or change. */
export const approvalKindSchema = z.enum(['deposit', 'withdrawal', 'adjustment', 'held_change']);
export type ApprovalKind = z.infer<typeof approvalKindSchema>;

/**
 * One item of the operator's "waiting for my approval" queue (GET /admin/approvals). Only items the viewer may
 * decide and did not make: one they proposed or first-approved waits for someone else, not for them.
 */
export const approvalItemSchema = z.object({
  kind: approvalKindSchema,
  id: z.number().int(),
  user_id: z.number().int().nullable(),
  /** Money in the platform's units (`12000.00`); null for a held change of a control. */
  amount: z.string().nullable(),
  /** What it is: a deposit's reference, a withdrawal's kind, an adjustment's direction, a change's target. */
  subject: z.string(),
  /** The operator who made it or gave the first approval, and why when that was recorded. */
  first_by: z.string(),
  first_reason: z.string().nullable(),
  created_at: z.number().int(),
  /** A held change's fields (before → after). */
  fields: z.array(heldChangeFieldSchema).optional(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;
export const approvalListSchema = z.object({ items: z.array(approvalItemSchema) });
