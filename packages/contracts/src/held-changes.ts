import { z } from 'zod';
import { permissionSchema } from './operators.ts';

/**
 * A change of a control that weakens it (the four-eyes threshold, withdrawal limits and hours, fees, payout terms,
 * plan rates, a wider role) waits here for a second, different operator: proposed with a reason, approved or
 * refused with a reason, applied only on approval. Which way each setting is judged: docs/operators.md.
 */
export const heldChangeKindSchema = z.enum(['wallet.settings', 'plan.edit', 'product.terms', 'operator.role']);
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

/** GET /admin/held-changes?status=: the newest first, only those the caller's role may decide. */
export const heldChangeQuerySchema = z.object({ status: heldChangeStatusSchema.optional() });
export const heldChangeListSchema = z.object({ items: z.array(heldChangeSchema) });
export type HeldChangeList = z.infer<typeof heldChangeListSchema>;
