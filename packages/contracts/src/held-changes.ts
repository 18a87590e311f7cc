import { z } from 'zod';
import { operatorInvitationSchema, permissionSchema } from './operators.ts';

/**
 * A change of a control that weakens it (the four-eyes threshold, withdrawal limits and hours, fees, payout terms,
 * plan rates, a wider role) waits here for a second, different operator: proposed with a reason, approved or
 * refused with a reason, applied only on approval. Which way each setting is judged: docs/operators.md.
 */
export const heldChangeKindSchema = z.enum([
  'wallet.settings',
  'plan.edit',
  'plan.create',
  'yuebao.rate',
  'product.terms',
  'product.create',
  'operator.role',
  'operator.invite',
  'operator.enable',
  'recharge.channel',
  'risk.rule',
]);
export type HeldChangeKind = z.infer<typeof heldChangeKindSchema>;

/** One field of a held change, as the console shows it: the value in force when proposed and the one proposed. */
export const heldChangeFieldSchema = z.object({
  field: z.string(),
  before: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  after: z.union([z.string(), z.number(), z.boolean(), z.null()]),
});
export type HeldChangeField = z.infer<typeof heldChangeFieldSchema>;

export const heldChangeStatusSchema = z.enum(['pending', 'applied', 'refused']);
export type HeldChangeStatus = z.infer<typeof heldChangeStatusSchema>;

export const heldChangeSchema = z.object({
  id: z.number().int(),
  kind: heldChangeKindSchema,
  /** What it changes, as the audit log names it: `wallet:settings`, `plan:3`, `product:BTC/USDT:30s`, `operator:4`. */
  target: z.string(),
  /** The permission a checker needs (and the maker needed). */
  permission: permissionSchema,
  fields: z.array(heldChangeFieldSchema),
  status: heldChangeStatusSchema,
  proposed_by: z.string(),
  proposal_reason: z.string(),
  decided_by: z.string().nullable(),
  decision_reason: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type HeldChange = z.infer<typeof heldChangeSchema>;

/**
 * A decision's answer: the change as decided and, for an approved invitation, its ticket. The ticket goes to the
 * checker, once: the maker never sees it, so an admin cannot invite and accept an operator of their own.
 */
export const heldChangeDecisionSchema = heldChangeSchema.extend({
  invitation: z.object({ operator_id: z.number().int(), ticket: z.string(), expires_at: z.number().int() }).optional(),
});
export type HeldChangeDecision = z.infer<typeof heldChangeDecisionSchema>;

/**
 * POST /admin/operators: an invitation to a role without power over money or operators is made at once (its
 * ticket answered); one to a role with such power (`roleHasPower`) is held for a second admin.
 */
export const operatorInviteResultSchema = z.union([operatorInvitationSchema, z.object({ held: heldChangeSchema })]);
export type OperatorInviteResult = z.infer<typeof operatorInviteResultSchema>;

/** A change held whole (a new recharge channel): nothing exists until a second operator approves it. */
export const heldOnlySchema = z.object({ held: heldChangeSchema });

/** GET /admin/held-changes?status=: the newest first, only those the caller's role may decide. */
export const heldChangeQuerySchema = z.object({ status: heldChangeStatusSchema.optional() });
export const heldChangeListSchema = z.object({ items: z.array(heldChangeSchema) });
export type HeldChangeList = z.infer<typeof heldChangeListSchema>;
