import { z } from 'zod';
import { reasonSchema } from './admin.ts';

/**
 * Who may do what in the operator console and API. A role is a set of permissions; every operator route names
 * the one permission it needs, and an API token acts with at most its operator's role.
 */
export const PERMISSIONS = [
  /** Search users and read one user's page (balances, ledger, orders, logins). */
  'users.read',
  /** Customer-service acts on an account: lock, unlock, password resets, one edit of a locked card or address. */
  'users.act',
  /** Approve or refuse deposits and withdrawals. */
  'money.review',
  /** Balance adjustments against the house adjustments account. */
  'money.adjust',
  /** Real-name requests: approve or refuse, and see the decrypted document (each view audited). */
  'kyc.review',
  /** Support conversations: reply, assign, close; messages to users. */
  'support.reply',
  /** Banners, notices, news, activities. */
  'content.edit',
  /** Plans, products, contract terms, copy-trading leaders. */
  'catalogue.edit',
  /** Recharge channels, wallet, invitation and engagement settings, invitation codes. */
  'settings.edit',
  /** The SMS outbox (texts hold live verification codes). */
  'messages.read',
  /** The audit log. */
  'audit.read',
  /** The house view: open exposure, today's result by source, money waiting for review. */
  'house.read',
  /** Operators, their roles, sessions and second factors. */
  'operators.manage',
] as const;
export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

export const OPERATOR_ROLES = ['support', 'finance', 'content', 'admin'] as const;
export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRoleSchema>;

export const ROLE_PERMISSIONS: Record<OperatorRole, readonly Permission[]> = {
  support: ['users.read', 'users.act', 'support.reply', 'kyc.review'],
  finance: ['users.read', 'money.review', 'money.adjust', 'audit.read', 'house.read'],
  content: ['content.edit', 'catalogue.edit'],
  admin: PERMISSIONS,
};

export const roleAllows = (role: OperatorRole, permission: Permission) => ROLE_PERMISSIONS[role].includes(permission);

/**
 * Permissions with power over money or over operators. Inviting an operator whose role holds any of them is held
 * for a second admin (an admin alone must not make a second admin or a finance reviewer of their own).
 */
export const POWER_PERMISSIONS: readonly Permission[] = [
  'money.review',
  'money.adjust',
  'settings.edit',
  'operators.manage',
];
export const roleHasPower = (role: OperatorRole) => POWER_PERMISSIONS.some((p) => roleAllows(role, p));

/** A role no wider than another: an API token's scope within its operator's role. */
export const roleWithin = (inner: OperatorRole, outer: OperatorRole) =>
  ROLE_PERMISSIONS[inner].every((p) => ROLE_PERMISSIONS[outer].includes(p));

const operatorName = z
  .string({ error: 'invalid_request' })
  .trim()
  .regex(/^[a-z][a-z0-9._-]{2,31}$/, 'invalid_request');
/** Operators' passwords are longer than users': 12 to 128 characters (and not among the most guessable). */
const operatorPassword = z.string({ error: 'enter_password' }).min(12, 'password_length').max(128, 'invalid_request');
const oneTimeCode = z
  .string({ error: 'enter_verification_code' })
  .trim()
  .regex(/^(\d{6}|[a-z0-9]{5}-[a-z0-9]{5})$/, 'wrong_verification_code');
const ticket = z.string().trim().min(20).max(100);

export const operatorSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: operatorRoleSchema,
  /** False until the operator has enrolled an authenticator; no session is given before. */
  totp_enrolled: z.boolean(),
  disabled: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.number().int(),
  last_login_at: z.number().int().nullable(),
});
export type Operator = z.infer<typeof operatorSchema>;
export const operatorListSchema = z.object({ items: z.array(operatorSchema) });

/** The operator behind the current session or token, and what they may do. */
export const operatorMeSchema = z.object({
  operator: operatorSchema,
  permissions: z.array(permissionSchema),
  /** Which credential this request came with. */
  via: z.enum(['session', 'token']),
  /** A session's CSRF token again (after a reload of the console); absent for an API token. */
  csrf_token: z.string().optional(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;

/** The first admin, made with the shared ADMIN_TOKEN while no operator exists. */
export const operatorBootstrapBodySchema = z.object({ name: operatorName, password: operatorPassword });

/** An admin invites an operator: the answer's ticket lets them choose a password (once, within a day). */
export const operatorInviteBodySchema = z.object({
  name: operatorName,
  role: operatorRoleSchema,
  reason: reasonSchema,
});
export const operatorInvitationSchema = z.object({
  operator: operatorSchema,
  ticket: z.string(),
  expires_at: z.number().int(),
});

export const operatorAcceptBodySchema = z.object({ ticket, password: operatorPassword });

export const operatorLoginBodySchema = z.object({
  name: operatorName,
  password: z.string({ error: 'enter_password' }).min(1, 'enter_password').max(128, 'wrong_password'),
  /** The authenticator's six digits, or one of the recovery codes; absent until the operator has enrolled. */
  code: oneTimeCode.optional(),
});

/** Enrolment: the secret to put in an authenticator (as a QR code of otpauth_uri), then the first code. */
export const totpEnrolmentSchema = z.object({
  ticket: z.string(),
  secret: z.string(),
  otpauth_uri: z.string(),
  expires_at: z.number().int(),
});
export const operatorEnrolBodySchema = z.object({
  ticket,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'wrong_verification_code'),
});

export const operatorSessionSchema = z.object({
  operator: operatorSchema,
  permissions: z.array(permissionSchema),
  /** Sent back in X-CSRF-Token with every change; the session itself is an HttpOnly cookie. */
  csrf_token: z.string(),
  expires_at: z.number().int(),
  /** Shown once, at enrolment: each replaces the authenticator for one login. */
  recovery_codes: z.array(z.string()).optional(),
});
export type OperatorSession = z.infer<typeof operatorSessionSchema>;

/** A login answers a session, or, for an operator with no authenticator yet, the enrolment to finish first. */
export const operatorLoginResultSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('signed_in'), session: operatorSessionSchema }),
  z.object({ state: z.literal('enrol'), enrolment: totpEnrolmentSchema }),
]);
export type OperatorLoginResult = z.infer<typeof operatorLoginResultSchema>;

export const operatorSessionItemSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
  expires_at: z.number().int(),
  current: z.boolean(),
});
export const operatorSessionListSchema = z.object({ items: z.array(operatorSessionItemSchema) });

export const apiTokenSchema = z.object({
  id: z.number().int(),
  operator: z.string(),
  label: z.string(),
  role: operatorRoleSchema,
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
  revoked: z.boolean(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export const apiTokenCreateBodySchema = z.object({
  label: z.string().trim().min(1).max(64),
  /** At most the operator's own role. */
  role: operatorRoleSchema,
  /** Omit for a token that lasts until revoked. */
  days: z.coerce.number().int().min(1).max(365).optional(),
  reason: reasonSchema,
});
/** The token itself is in this answer only; the server keeps its hash. */
export const apiTokenCreatedSchema = z.object({ token: z.string(), item: apiTokenSchema });

export const operatorRoleBodySchema = z.object({ role: operatorRoleSchema, reason: reasonSchema });
export const operatorIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A balance adjustment: an operator's credit or debit of a user's available balance against the house's adjustments account. */
export const ADJUSTMENT_CATEGORIES = ['goodwill', 'correction', 'compensation', 'chargeback', 'other'] as const;
export const adjustmentCategorySchema = z.enum(ADJUSTMENT_CATEGORIES);
export const adjustmentBodySchema = z.object({
  direction: z.enum(['credit', 'debit']),
  amount: z
    .string({ error: 'please_fill_in' })
    .trim()
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_request'),
  category: adjustmentCategorySchema,
  reason: reasonSchema,
});
export const adjustmentSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  direction: z.enum(['credit', 'debit']),
  amount: z.string(),
  category: adjustmentCategorySchema,
  reason: z.string(),
  /** pending: above the threshold, waiting for a second operator; nothing has moved. */
  status: z.enum(['pending', 'posted', 'refused']),
  requested_by: z.string(),
  decided_by: z.string().nullable(),
  created_at: z.number().int(),
  decided_at: z.number().int().nullable(),
});
export type Adjustment = z.infer<typeof adjustmentSchema>;
export const adjustmentListQuerySchema = z.object({
  status: z.enum(['pending', 'posted', 'refused']).optional(),
  user_id: z.coerce.number().int().positive().optional(),
});
export const adjustmentListSchema = z.object({ items: z.array(adjustmentSchema) });
