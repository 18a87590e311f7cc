import { z } from 'zod';
import { adminAuditItemSchema, reasonSchema } from './admin.ts';
import { pageOf, pageQuerySchema } from './page.ts';
import { cleanUserParagraphs } from './user-text.ts';

/**
 * Cases and disputes (modules/cases): a user contests a settled order, a refused deposit or a refused withdrawal;
 * the server attaches the item's evidence when the case opens; an operator decides it with a reason (upheld: no
 * change; corrected: a credit to the user, held for a second operator's approval as a balance adjustment).
 */

export const CASE_KINDS = ['order', 'deposit', 'withdrawal'] as const;
export const caseKindSchema = z.enum(CASE_KINDS);
export type CaseKind = z.infer<typeof caseKindSchema>;

/** A user's text: at least this long (a reason, not "wrong"), at most as long as a support message. */
export const CASE_TEXT_MIN = 10;
export const CASE_TEXT_MAX = 1000;

/** open: waiting for an operator; correcting: a correction waits for a second operator; decided: final. */
export const CASE_STATES = ['open', 'correcting', 'decided'] as const;
export const caseStateSchema = z.enum(CASE_STATES);
export type CaseState = z.infer<typeof caseStateSchema>;
export const caseOutcomeSchema = z.enum(['upheld', 'corrected']);
export type CaseOutcome = z.infer<typeof caseOutcomeSchema>;

/** POST /api/user/cases (form-urlencoded): what is contested, why, and optionally an uploaded image's id. */
export const caseOpenBodySchema = z.object({
  kind: z.enum(CASE_KINDS, { error: 'case_item_invalid' }),
  item_id: z.coerce.number({ error: 'case_item_invalid' }).int('case_item_invalid').positive('case_item_invalid'),
  text: z
    .string({ error: 'please_fill_in' })
    .transform(cleanUserParagraphs)
    .pipe(
      z
        .string()
        .min(1, 'please_fill_in')
        .min(CASE_TEXT_MIN, 'case_text_too_short')
        .max(CASE_TEXT_MAX, 'case_text_too_long'),
    ),
  /** From POST /api/user/uploadfile; empty or absent: no file. */
  upload_id: z
    .string()
    .trim()
    .max(64, 'no_data')
    .optional()
    .transform((v) => v || undefined),
});
export type CaseOpenBody = z.input<typeof caseOpenBodySchema>;

export const caseIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

/** A case as its user reads it. */
export const userCaseSchema = z.object({
  id: z.number().int(),
  kind: caseKindSchema,
  item_id: z.number().int(),
  text: z.string(),
  /** The user's image (GET /api/user/upload?id=...), if one was attached. */
  upload_id: z.string().nullable(),
  state: caseStateSchema,
  outcome: caseOutcomeSchema.nullable(),
  /** The decision's reason, once decided. */
  reason: z.string().nullable(),
  /** A correction's credit to the user (decimal string), once decided as corrected. */
  amount: z.string().nullable(),
  /** The ledger journal's reference of an applied correction. */
  journal_reference: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type UserCase = z.infer<typeof userCaseSchema>;
export const userCaseListSchema = z.object({ items: z.array(userCaseSchema) });
export type UserCaseList = z.infer<typeof userCaseListSchema>;

// ---------- evidence, attached by the server when the case opens ----------

const journalSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.string(),
  lines: z.array(z.object({ account: z.string(), asset: z.string(), amount: z.string() })),
});

/** A recorded price second of the order: what the series holds for it and where it came from. */
export const casePriceSecondSchema = z.object({
  role: z.enum(['open', 'settle']),
  /** The second the order names (its open second, its settle second). */
  second: z.number().int(),
  /** The second of the recorded tick in effect then (null: none recorded). */
  recorded_second: z.number().int().nullable(),
  price: z.string().nullable(),
  /** No trade at the source in that second: the previous price carried forward. */
  carried: z.boolean(),
  /** The product's price source (simulator, binance, ...) and its trade id, when it gave one. */
  source: z.string(),
  trade_id: z.string().nullable(),
  /** The second source's record of that second, when the product has one. */
  reference: z.object({ source: z.string(), price: z.string(), trade_id: z.string().nullable() }).nullable(),
});

export const caseOrderEvidenceSchema = z.object({
  kind: z.literal('order'),
  order: z.object({
    id: z.number().int(),
    symbol: z.string(),
    direction: z.enum(['up', 'down']),
    mode: z.string(),
    stake: z.string(),
    fee: z.string(),
    status: z.string(),
    result: z.string().nullable(),
    payout: z.string().nullable(),
    open_price: z.string(),
    settle_price: z.string().nullable(),
  }),
  /** The terms in force: copied onto the order when it opened. */
  terms: z.object({
    seconds: z.number().int(),
    payout_bp: z.number().int(),
    loss_bp: z.number().int(),
    fee_bp: z.number().int(),
    open_time: z.number().int(),
    settle_time: z.number().int(),
  }),
  prices: z.array(casePriceSecondSchema),
  /** The order's transparency log entries' leaf indexes (null: not logged or not yet sequenced). */
  log_index: z.object({ placed: z.number().int().nullable(), settled: z.number().int().nullable() }),
  journals: z.array(journalSchema),
});

export const caseMoneyEvidenceSchema = z.object({
  kind: z.enum(['deposit', 'withdrawal']),
  record: z.object({
    id: z.number().int(),
    status: z.number().int(),
    amount: z.string(),
    /** The channel (deposit) or the masked destination (withdrawal). */
    via: z.string(),
    reference_code: z.string().nullable(),
    reason: z.string().nullable(),
    reviewed_by: z.string().nullable(),
    created_at: z.number().int(),
    reviewed_at: z.number().int().nullable(),
    upload_id: z.string().nullable(),
  }),
  /** Every operator act on the record (audit log), with its reason, oldest first. */
  acts: z.array(adminAuditItemSchema),
  journals: z.array(journalSchema),
});

export const caseEvidenceSchema = z.union([caseOrderEvidenceSchema, caseMoneyEvidenceSchema]);
export type CaseEvidence = z.infer<typeof caseEvidenceSchema>;
export type CaseOrderEvidence = z.infer<typeof caseOrderEvidenceSchema>;
export type CaseMoneyEvidence = z.infer<typeof caseMoneyEvidenceSchema>;

// ---------- operators ----------

/** The correction of a case: the held balance adjustment and what became of it. */
export const caseCorrectionSchema = z.object({
  adjustment_id: z.number().int(),
  amount: z.string(),
  status: z.enum(['pending', 'posted', 'refused']),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  journal_reference: z.string().nullable(),
});

export const adminCaseSchema = userCaseSchema.extend({
  user_id: z.number().int(),
  account: z.string(),
  decided_by: z.string().nullable(),
  /** The latest correction proposed (a refused one stays listed: the case is open again). */
  correction: caseCorrectionSchema.nullable(),
});
export type AdminCase = z.infer<typeof adminCaseSchema>;

export const adminCaseDetailSchema = adminCaseSchema.extend({ evidence: caseEvidenceSchema });
export type AdminCaseDetail = z.infer<typeof adminCaseDetailSchema>;

export const adminCaseQuerySchema = z.object({
  state: z.union([caseStateSchema, z.literal('')]).optional(),
  ...pageQuerySchema({ maxSize: 100, defaultSize: 50 }).shape,
});
export type AdminCaseQuery = z.input<typeof adminCaseQuerySchema>;
export const adminCaseListSchema = pageOf(adminCaseSchema);
export type AdminCaseList = z.infer<typeof adminCaseListSchema>;

export const adminCaseDecideBodySchema = z.object({
  outcome: caseOutcomeSchema,
  reason: reasonSchema,
  /** Corrected only (and required then): the credit to the user, a held adjustment from the house's account. */
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_request')
    .optional(),
});
export type AdminCaseDecideBody = z.input<typeof adminCaseDecideBodySchema>;

/** The house view's figure: how long cases took from opened to decided over the last 30 days. */
export const caseDecisionTimesSchema = z.object({
  days: z.number().int(),
  decided: z.number().int(),
  /** Seconds; null when none was decided. */
  median_seconds: z.number().int().nullable(),
});
export type CaseDecisionTimes = z.infer<typeof caseDecisionTimesSchema>;
