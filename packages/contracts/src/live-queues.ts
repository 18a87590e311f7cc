import { z } from 'zod';

/**
 * The console's live queues (GET /admin/live, server-sent events): what waits in each queue the operator's role
 * may work. `approvals` counts what waits for a second operator: deposits and withdrawals with a first approval,
 * held balance adjustments and held changes of a control. `marks` change whenever something new arrives in a
 * queue (even if another item left it meanwhile), so the console knows to read that list again.
 */
export const LIVE_QUEUES = ['deposits', 'withdrawals', 'real_name', 'support', 'approvals'] as const;
export const liveQueueSchema = z.enum(LIVE_QUEUES);
export type LiveQueue = z.infer<typeof liveQueueSchema>;

export const liveCountsSchema = z.object({
  counts: z.partialRecord(liveQueueSchema, z.number().int()),
  marks: z.partialRecord(liveQueueSchema, z.number()),
});
export type LiveCounts = z.infer<typeof liveCountsSchema>;
