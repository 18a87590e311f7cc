import { z } from 'zod';
import { pageOf, pageQuerySchema } from './page.ts';
import { realNameStateSchema } from './user.ts';
import { reasonSchema } from './admin.ts';
import { idListSchema } from './triage.ts';
import { cleanUserLine } from './user-text.ts';

/** Real-name verification: the document types accepted. */
export const documentTypeSchema = z.enum(['cn_id', 'passport']);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const certificationBodySchema = z.object({
  real_name: z
    .string({ error: 'name_wrong' })
    .transform(cleanUserLine)
    .pipe(z.string().min(1, 'name_wrong').max(60, 'name_wrong')),
  doc_type: documentTypeSchema.default('cn_id'),
  id_number: z.string({ error: 'id_number_wrong' }).trim().min(1, 'id_number_wrong').max(40, 'id_number_wrong'),
});
export type CertificationBody = z.input<typeof certificationBodySchema>;

/** The user's real-name state; the number only ever masked. `can_submit` is false while pending or verified. */
export const certificationSchema = z.object({
  state: realNameStateSchema,
  real_name: z.string().nullable(),
  doc_type: documentTypeSchema.nullable(),
  id_number_masked: z.string().nullable(),
  reason: z.string().nullable(),
  submitted_at: z.number().int().nullable(),
  decided_at: z.number().int().nullable(),
  can_submit: z.boolean(),
});
export type Certification = z.infer<typeof certificationSchema>;

export const adminKycItemSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  real_name: z.string(),
  doc_type: documentTypeSchema,
  id_number_masked: z.string(),
  state: z.enum(['pending', 'approved', 'refused']),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type AdminKycItem = z.infer<typeof adminKycItemSchema>;
/** The review list, one page (pending oldest first, otherwise newest first). */
export const adminKycListSchema = z.object({
  items: z.array(adminKycItemSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminKycList = z.infer<typeof adminKycListSchema>;

export const adminKycQuerySchema = z.object({
  state: z.enum(['pending', 'approved', 'refused']).optional(),
  /** A user by id or account name. */
  user: z.string().trim().min(1).max(32).optional(),
  ...pageQuerySchema({ maxSize: 200, defaultSize: 50 }).shape,
});
export type AdminKycQuery = z.input<typeof adminKycQuerySchema>;
export const adminKycExportSchema = z.object({
  state: z.enum(['pending', 'approved', 'refused']).optional(),
  user: z.string().trim().min(1).max(32).optional(),
  /** The rows an operator selected ("12,13,14", at most BULK_MAX_ITEMS). */
  ids: idListSchema.optional(),
  reason: reasonSchema,
});
/** The document number in clear, for an operator with kyc.review; each reading is audited with its reason. */
export const adminKycDocumentQuerySchema = z.object({ reason: reasonSchema });
export const adminKycDocumentSchema = z.object({
  id: z.number().int(),
  doc_type: documentTypeSchema,
  id_number: z.string(),
});
export type AdminKycDocument = z.infer<typeof adminKycDocumentSchema>;
export const adminKycDecisionBodySchema = z.object({ reason: reasonSchema });

/** The answer to an avatar upload: the stored square picture's server-made id. */
export const avatarSchema = z.object({ id: z.string(), width: z.number().int(), height: z.number().int() });
export type Avatar = z.infer<typeof avatarSchema>;

/** The invitation bonus rule as users read it on the rules page and operators set it. */
export const inviteConditionSchema = z.enum(['real_name', 'first_deposit']);
export type InviteCondition = z.infer<typeof inviteConditionSchema>;
export const inviteRulesSchema = z.object({
  /** Decimal string in U; "0.00" means no bonus is paid at the moment. */
  bonus_amount: z.string(),
  condition: inviteConditionSchema,
});
export type InviteRules = z.infer<typeof inviteRulesSchema>;

export const inviteSummarySchema = z.object({
  invite_code: z.string(),
  invited_count: z.number().int(),
  qualified_count: z.number().int(),
  bonus_total: z.string(),
  rules: inviteRulesSchema,
});
export type InviteSummary = z.infer<typeof inviteSummarySchema>;

export const inviteRecordSchema = z.object({
  account_masked: z.string(),
  registered_at: z.number().int(),
  qualified: z.boolean(),
  qualified_at: z.number().int().nullable(),
  /** Decimal string in U; null until qualified. */
  bonus: z.string().nullable(),
});
export type InviteRecord = z.infer<typeof inviteRecordSchema>;
export const inviteRecordsQuerySchema = z.object({
  ...pageQuerySchema({ maxSize: 50, defaultSize: 20 }).shape,
});
export const inviteRecordsSchema = pageOf(inviteRecordSchema);
export type InviteRecords = z.infer<typeof inviteRecordsSchema>;

export const adminInviteSettingsBodySchema = z.object({
  reason: reasonSchema,
  bonus_amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/),
  condition: inviteConditionSchema,
});

/** A live session of the user: `current` is the one asking. */
export const userSessionSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const loginRecordSchema = z.object({
  kind: z.enum(['login', 'register']),
  device: z.string(),
  ip: z.string().nullable(),
  at: z.number().int(),
});
export type LoginRecord = z.infer<typeof loginRecordSchema>;
export const sessionIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
