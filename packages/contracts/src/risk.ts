import { z } from 'zod';

/**
 * Risk rules (docs/operators.md): checked when a deposit or withdrawal is submitted; a hit raises a flag on the
 * item and the user with its reason. Each rule has one threshold and one window, tuned by operators through a held
 * change (a second operator approves it).
 */
export const RISK_RULES = [
  'deposit_velocity',
  'withdrawal_velocity',
  'withdraw_without_trading',
  'holder_name_mismatch',
  'shared_payout_method',
  'new_payout_method',
  'shared_address',
] as const;
export const riskRuleSchema = z.enum(RISK_RULES);
export type RiskRule = z.infer<typeof riskRuleSchema>;

export const riskRuleViewSchema = z.object({
  rule: riskRuleSchema,
  /** A count (velocity: this many in the window; shared method: this many other accounts) or money in U. */
  threshold: z.string(),
  window_seconds: z.number().int(),
  enabled: z.boolean(),
  /** Flags this rule has raised, ever. */
  hits: z.number().int(),
});
export type RiskRuleView = z.infer<typeof riskRuleViewSchema>;
export const riskRuleListSchema = z.object({ items: z.array(riskRuleViewSchema) });

export const riskRuleChangeSchema = z.object({
  threshold: z.string().regex(/^\d{1,12}(\.\d{1,2})?$/),
  window_seconds: z.coerce
    .number()
    .int()
    .min(0)
    .max(90 * 86_400),
  enabled: z.boolean(),
  reason: z.string().trim().min(3).max(500),
});
export const riskRuleParamsSchema = z.object({ rule: riskRuleSchema });

export const riskFlagSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  item_kind: z.enum(['deposit', 'withdrawal']),
  item_id: z.number().int(),
  rule: riskRuleSchema,
  /** What was seen, for the console's translated reason (`count`, `window_seconds`, `holder`, `real_name`, ...). */
  details: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  created_at: z.number().int(),
});
export type RiskFlag = z.infer<typeof riskFlagSchema>;
export const riskFlagListSchema = z.object({ items: z.array(riskFlagSchema) });
/**
 * Flags by user, by rule, or of the items a queue shows (`item_kind=deposit&item_ids=12,13`: at most a page of 100,
 * for the badge on each row); the filters combine.
 */
export const riskFlagQuerySchema = z
  .object({
    user_id: z.coerce.number().int().positive().optional(),
    rule: riskRuleSchema.optional(),
    item_kind: riskFlagSchema.shape.item_kind.optional(),
    item_ids: z
      .string()
      .regex(/^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,99}$/, 'invalid_request')
      .optional(),
  })
  .refine((q) => q.item_ids === undefined || q.item_kind !== undefined, {
    message: 'invalid_request',
    path: ['item_kind'],
  });
export type RiskFlagQuery = z.input<typeof riskFlagQuerySchema>;
