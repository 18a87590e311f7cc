import { z } from 'zod';
import { reasonSchema } from './admin.ts';

/**
 * Triage of the operators' queues (deposits, withdrawals, real-name requests): one decision with one reason over
 * many items, each item still its own audited act in its own transaction, each with its own outcome; and the
 * filters an operator saves as a named view of a queue.
 */

/** The most items one bulk request decides: more is refused whole, before anything is decided. */
export const BULK_MAX_ITEMS = 100;

/**
 * Item ids as a form sends them ("12,13,14") or as a JSON array; repeated ids count once, the order is kept.
 * Anything but positive integers, none, or more than BULK_MAX_ITEMS refuses the request whole.
 */
export const idListSchema = z
  .preprocess(
    (v) =>
      (Array.isArray(v) ? v.map(String) : typeof v === 'string' || typeof v === 'number' ? String(v).split(',') : [])
        .map((s) => s.trim())
        .filter(Boolean),
    z
      .array(z.string().regex(/^[1-9][0-9]{0,14}$/, 'invalid_request'))
      .min(1, 'please_fill_in')
      .max(BULK_MAX_ITEMS, 'invalid_request'),
  )
  .transform((ids) => [...new Set(ids.map(Number))]);

export const adminBulkDecisionBodySchema = z.object({ ids: idListSchema, reason: reasonSchema });
export type AdminBulkDecisionBody = z.input<typeof adminBulkDecisionBodySchema>;

/**
 * What one item's decision came to: `done` (credited, paid, refused, approved as asked), `held` (a first
 * approval recorded under four-eyes: a different operator completes it, nothing moved), `refused` (the server
 * refused this item, with its message key and text in the asker's language; the other items are not affected).
 */
export const bulkOutcomeSchema = z.enum(['done', 'held', 'refused']);
export type BulkOutcome = z.infer<typeof bulkOutcomeSchema>;

export const adminBulkItemResultSchema = z.object({
  id: z.number().int(),
  outcome: bulkOutcomeSchema,
  /** The item's message key: operation_succeeded, change_proposed (held), or the refusal's key. */
  key: z.string(),
  msg: z.string(),
});
export type AdminBulkItemResult = z.infer<typeof adminBulkItemResultSchema>;

/** Every item asked for, in the order asked, with the counts of each outcome. */
export const adminBulkResultSchema = z.object({
  items: z.array(adminBulkItemResultSchema),
  done: z.number().int(),
  held: z.number().int(),
  refused: z.number().int(),
});
export type AdminBulkResult = z.infer<typeof adminBulkResultSchema>;

// ---------- saved views ----------

export const savedViewQueueSchema = z.enum(['deposits', 'withdrawals', 'kyc']);
export type SavedViewQueue = z.infer<typeof savedViewQueueSchema>;

/** How many views an operator keeps per queue. */
export const SAVED_VIEWS_MAX = 20;

export const savedViewSchema = z.object({
  id: z.number().int(),
  queue: savedViewQueueSchema,
  name: z.string(),
  /** The filters as the queue's URL has them ("status=3&min=1000"). */
  query: z.string(),
  created_at: z.number().int(),
});
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) });
export type SavedViewList = z.infer<typeof savedViewListSchema>;

export const savedViewListQuerySchema = z.object({ queue: savedViewQueueSchema });

/** Saving under a name the operator already used for the queue replaces that view's filters. */
export const savedViewBodySchema = z.object({
  queue: savedViewQueueSchema,
  name: z.string().trim().min(1, 'please_fill_in').max(40, 'invalid_request'),
  query: z
    .string()
    .trim()
    .max(1000, 'invalid_request')
    .refine((q) => !/[\r\n]/.test(q), 'invalid_request')
    .default(''),
});
export type SavedViewBody = z.input<typeof savedViewBodySchema>;

export const savedViewIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
