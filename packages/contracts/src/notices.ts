import { z } from 'zod';
import { inboxMessageSchema } from './content.ts';
import { orderSchema } from './orders.ts';

/**
 * What happened for the user since the page last asked: new inbox messages (price alerts, deposit and withdrawal
 * decisions, ...) and orders that settled. The open page shows each as a toast; the cursor it is given back says
 * where to start next time. Without a cursor the answer is only the cursor (nothing that happened before the page
 * opened is shown again).
 */
export const noticesQuerySchema = z.object({
  after: z.coerce.number({ error: 'invalid_request' }).int('invalid_request').min(0, 'invalid_request').optional(),
  since: z.coerce.number({ error: 'invalid_request' }).int('invalid_request').min(0, 'invalid_request').optional(),
});
export type NoticesQuery = z.input<typeof noticesQuerySchema>;

export const noticesSchema = z.object({
  messages: z.array(inboxMessageSchema),
  results: z.array(orderSchema),
  /** The last inbox message id seen: ask with it as `after`. */
  after: z.number().int(),
  /** The server's second of this answer: ask with it as `since`. */
  since: z.number().int(),
});
export type Notices = z.infer<typeof noticesSchema>;
