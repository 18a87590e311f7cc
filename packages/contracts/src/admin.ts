import { z } from 'zod';
import { pageQuerySchema } from './page.ts';

/** Every operator action states why; the reason is kept in the audit log. */
export const reasonSchema = z.string().trim().min(3).max(500);

export const adminUserSchema = z.object({
  id: z.number().int(),
  account: z.string(),
  phone: z.string(),
  invite_code: z.string(),
  inviter_id: z.number().int().nullable(),
  locked: z.boolean(),
  /** Since when withdrawals and payout-method changes are frozen (by the user or an operator); null: not frozen. */
  frozen_at: z.number().int().nullable(),
  /**
   * When the user closed the account (null: open). A closed account shows its pseudonym, takes no act and is never
   * reopened.
   */
  closed_at: z.number().int().nullable(),
  is_vip: z.boolean(),
  real_name_state: z.string(),
  created_at: z.number().int(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(64).optional(),
  ...pageQuerySchema({ maxSize: 200, defaultSize: 50 }).shape,
});

export const adminUserListSchema = z.object({
  items: z.array(adminUserSchema),
  total: z.number().int(),
});

export const adminReasonBodySchema = z.object({ reason: reasonSchema });

export const adminOutboxItemSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  body: z.string(),
  created_at: z.number().int(),
});
export type AdminOutboxItem = z.infer<typeof adminOutboxItemSchema>;
/** GET /admin/sms-outbox: the latest texts, newest first. */
export const adminOutboxListSchema = z.object({ items: z.array(adminOutboxItemSchema) });
export type AdminOutboxList = z.infer<typeof adminOutboxListSchema>;

export const adminOutboxQuerySchema = z.object({
  recipient: z.string().trim().max(32).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const adminInviteCreateBodySchema = z.object({
  reason: reasonSchema,
  /** Omit for a code without a use limit. */
  max_uses: z.coerce.number().int().min(1).max(1_000_000).optional(),
});

export const adminInviteCodeSchema = z.object({
  code: z.string(),
  owner_user_id: z.number().int().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  disabled: z.boolean(),
  created_at: z.number().int(),
});
export type AdminInviteCode = z.infer<typeof adminInviteCodeSchema>;

export const adminAuditItemSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** What proved the operator: a console session, an API token (`token_id` says which), the shared token, the
   * sign-in itself or an invitation; `unrecorded` on rows older than this field. */
  credential: z.enum(['session', 'token', 'shared-token', 'sign-in', 'invitation', 'unrecorded']),
  token_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type AdminAuditItem = z.infer<typeof adminAuditItemSchema>;
/** GET /admin/audit: one page of operator actions, newest first, and how many the filter matches. */
export const adminAuditListSchema = z.object({
  items: z.array(adminAuditItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminAuditList = z.infer<typeof adminAuditListSchema>;
