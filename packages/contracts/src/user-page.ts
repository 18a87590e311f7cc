import { z } from 'zod';
import { adminAuditItemSchema, adminUserSchema, reasonSchema } from './admin.ts';
import { inboxMessageSchema, supportMessageSchema } from './content.ts';
import { holdingListSchema } from './invest.ts';
import { LANGUAGES } from './languages.ts';
import { orderSchema } from './orders.ts';
import { cappedTotal, cursorPageOf, pageOf, pageQuerySchema } from './page.ts';
import { paymentMethodSchema, rechargeRecordSchema, withdrawRecordSchema } from './wallet.ts';

/**
 * One user on one page: what an operator with `users.read` sees of an account (each part read from the module
 * that owns it, under /admin/users/:id/...), and the customer-service acts on it (`users.act`, each with a reason).
 */

export const adminUserIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
/** Every part of the page is a paged list. */
export const adminUserPageQuerySchema = pageQuerySchema({ maxSize: 100, defaultSize: 20 });
export type AdminUserPageQuery = z.input<typeof adminUserPageQuerySchema>;

export const languageSchema = z.enum(LANGUAGES);

/** GET /admin/users/:id: the account. `lang` is the app's language at the user's last sign-in or launch. */
export const adminUserProfileSchema = adminUserSchema.extend({
  lang: languageSchema,
  has_fund_password: z.boolean(),
  inviter_account: z.string().nullable(),
});
export type AdminUserProfile = z.infer<typeof adminUserProfileSchema>;

/** GET /admin/users/:id/balances: every bucket the ledger holds for the user (U, 2 decimals; coins 8). */
export const adminUserBalancesSchema = z.object({
  available: z.string(),
  frozen: z.string(),
  /** Plan principal, and plan interest credited but held until maturity. */
  plan: z.string(),
  plan_interest: z.string(),
  /** The flexible Yuebao balance, and what was moved out of it to arrive the next platform day. */
  yuebao: z.string(),
  yuebao_out: z.string(),
  /** Virtual money of the practice account (PUSD). */
  practice: z.string(),
  coins: z.array(z.object({ coin: z.string(), amount: z.string() })),
});
export type AdminUserBalances = z.infer<typeof adminUserBalancesSchema>;

/**
 * GET /admin/users/:id/factors: the user's second factors as an operator may see them: kinds, names and dates,
 * never a secret, a public key or a credential id.
 */
export const adminUserFactorsSchema = z.object({
  /** Since when a fresh second factor is asked for money and security changes (null: no factor on). */
  second_factor_on_at: z.number().int().nullable(),
  /** The authenticator app, once enrolled (a started, unconfirmed enrolment is not a factor). */
  authenticator: z.object({ enrolled_at: z.number().int() }).nullable(),
  /** One-time recovery codes not yet used. */
  recovery_codes_left: z.number().int(),
  passkeys: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      created_at: z.number().int(),
      last_used_at: z.number().int().nullable(),
    }),
  ),
  /** Whether the user set an anti-phishing code (the code itself stays theirs). */
  anti_phishing_code_set: z.boolean(),
});
export type AdminUserFactors = z.infer<typeof adminUserFactorsSchema>;

/**
 * The buckets a user's money sits in, per asset: available, frozen (open orders, pending withdrawals), plan
 * principal, plan interest held until maturity, the flexible Yuebao balance, and what left it to arrive on the next
 * platform day. The ledger's account codes use these names; the console labels each.
 */
export const USER_BUCKETS = ['available', 'frozen', 'plan', 'plan_interest', 'yuebao', 'yuebao_out'] as const;
export type UserBucket = (typeof USER_BUCKETS)[number];

/** GET /admin/users/:id/ledger: the user's entries, newest first, each with its account's balance after it. */
export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  /** The journal's kind (deposit, order_open, adjustment, ...) and reference. */
  kind: z.string(),
  reference: z.string(),
  asset: z.string(),
  bucket: z.enum(USER_BUCKETS),
  /** Signed: a credit is positive. */
  amount: z.string(),
  balance_after: z.string(),
});
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;
export const adminLedgerPageSchema = pageOf(adminLedgerEntrySchema);
export type AdminLedgerPage = z.infer<typeof adminLedgerPageSchema>;

export const adminUserOrdersSchema = cursorPageOf(orderSchema);
export type AdminUserOrders = z.infer<typeof adminUserOrdersSchema>;
/** Plans the user holds, each with its lots. */
export const adminUserHoldingsSchema = holdingListSchema;
export type AdminUserHoldings = z.infer<typeof adminUserHoldingsSchema>;
export const adminUserDepositsSchema = cursorPageOf(rechargeRecordSchema);
export type AdminUserDeposits = z.infer<typeof adminUserDepositsSchema>;
export const adminUserWithdrawalsSchema = cursorPageOf(withdrawRecordSchema);
export type AdminUserWithdrawals = z.infer<typeof adminUserWithdrawalsSchema>;

/**
 * A payment method as an operator sees it: the user's view plus whether it was removed, and an open allowance of
 * one edit (granted by an operator, consumed by the user's next edit, or lapsing at `edit_allowed_until`).
 */
export const adminPaymentMethodSchema = paymentMethodSchema.extend({
  removed_at: z.number().int().nullable(),
  edit_allowed_until: z.number().int().nullable(),
  edit_allowed_by: z.string().nullable(),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethodSchema>;
export const adminPaymentMethodsSchema = pageOf(adminPaymentMethodSchema);
export type AdminPaymentMethods = z.infer<typeof adminPaymentMethodsSchema>;
export const adminMethodParamsSchema = z.object({
  id: z.coerce.number().int().positive(),
  method_id: z.coerce.number().int().positive(),
});

/** GET /admin/users/:id/real-name: the state only (the document is the real-name queue's, each view audited). */
export const adminRealNameStatusSchema = z.object({
  state: z.enum(['none', 'pending', 'verified', 'refused']),
  submitted_at: z.number().int().nullable(),
  decided_at: z.number().int().nullable(),
  reason: z.string().nullable(),
  submissions: z.number().int(),
});
export type AdminRealNameStatus = z.infer<typeof adminRealNameStatusSchema>;

export const adminUserSessionSchema = z.object({
  id: z.number().int(),
  device: z.string(),
  ip: z.string().nullable(),
  created_at: z.number().int(),
  last_seen_at: z.number().int(),
  expires_at: z.number().int(),
});
export const adminUserSessionsSchema = pageOf(adminUserSessionSchema);
export type AdminUserSessions = z.infer<typeof adminUserSessionsSchema>;
export const adminUserLoginSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['login', 'register']),
  device: z.string(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  at: z.number().int(),
});
export const adminUserLoginsSchema = pageOf(adminUserLoginSchema);
export type AdminUserLogins = z.infer<typeof adminUserLoginsSchema>;
/**
 * GET /admin/users/:id/devices: every session still kept (live, and ended ones for 30 days), latest seen first,
 * each with the device its sign-in named, and the devices a new sign-in is compared with for the new-device alert.
 * Never a token or its hash, nor the hashed User-Agent a device is recognised by.
 */
export const adminUserDeviceSessionSchema = z.object({
  id: z.number().int(),
  /** "Chrome · Android", from the User-Agent its sign-in was recorded with ("unknown" without one). */
  device: z.string(),
  ip: z.string().nullable(),
  /** When the session was opened, and last used (to the minute). */
  first_seen_at: z.number().int(),
  last_seen_at: z.number().int(),
  /**
   * `signed_out`: ended before its time (the user signed out, or a sign-out everywhere, a lock, a password change
   * or reset, or the user's own freeze ended it); `expired`: reached its end; `idle`: unused for a week.
   */
  state: z.enum(['live', 'signed_out', 'expired', 'idle']),
  ended_at: z.number().int().nullable(),
  /** The operator whose "Sign out everywhere" ended it, where the audit log names the session. */
  ended_by_operator: z.string().nullable(),
});
export type AdminUserDeviceSession = z.infer<typeof adminUserDeviceSessionSchema>;
export const adminUserDevicesSchema = pageOf(adminUserDeviceSessionSchema).extend({
  /**
   * The devices of the user's latest `known_from_last` sign-ins, latest first: a sign-in from any other device
   * raises the new-device alert (inbox and SMS); none known means the next sign-in raises none.
   */
  known_devices: z.array(
    z.object({ device: z.string(), last_sign_in_at: z.number().int(), sign_ins: z.number().int() }),
  ),
  known_from_last: z.number().int(),
});
export type AdminUserDevices = z.infer<typeof adminUserDevicesSchema>;

/**
 * GET /admin/users/:id/freezes: every freeze and unfreeze of the account, newest first: the user's own (from the
 * app, with the session's device and address) and operators' (with their reason, as audited).
 */
export const adminUserFreezeEventSchema = z.object({
  /** `self:<n>` or `audit:<n>`: the record it comes from. */
  id: z.string(),
  at: z.number().int(),
  act: z.enum(['freeze', 'unfreeze']),
  by: z.enum(['user', 'operator']),
  operator: z.string().nullable(),
  reason: z.string().nullable(),
  /** The user's own freeze: the device and address it was made from, and how many other sessions it ended. */
  device: z.string().nullable(),
  ip: z.string().nullable(),
  signed_out: z.number().int().nullable(),
  /** The user's own freeze on an account frozen already: since when (that earlier time is kept). */
  already_frozen_since: z.number().int().nullable(),
});
export type AdminUserFreezeEvent = z.infer<typeof adminUserFreezeEventSchema>;
export const adminUserFreezesSchema = pageOf(adminUserFreezeEventSchema);
export type AdminUserFreezes = z.infer<typeof adminUserFreezesSchema>;

/** POST /admin/users/:id/sessions/revoke: how many live sessions it ended. */
export const adminSessionsRevokedSchema = z.object({ revoked: z.number().int() });

/** The user's inbox, rendered in the user's language, as they read it. */
export const adminUserMessagesSchema = pageOf(inboxMessageSchema.extend({ lang: languageSchema })).extend(cappedTotal);
export type AdminUserMessages = z.infer<typeof adminUserMessagesSchema>;
/** POST /admin/users/:id/messages: written in `lang`, which must be the user's language. */
export const adminUserMessageBodySchema = z.object({
  lang: languageSchema,
  title: z.string({ error: 'please_fill_in' }).trim().min(1, 'please_fill_in').max(120, 'invalid_request'),
  body: z.string({ error: 'please_fill_in' }).trim().min(1, 'please_fill_in').max(2000, 'invalid_request'),
  reason: reasonSchema,
});
export type AdminUserMessageBody = z.input<typeof adminUserMessageBodySchema>;

export const adminUserSupportSchema = pageOf(supportMessageSchema.extend({ operator: z.string().nullable() }));
export type AdminUserSupport = z.infer<typeof adminUserSupportSchema>;

/** Who invited the user, and whom they invited. */
export const adminUserInvitationsSchema = pageOf(
  z.object({
    id: z.number().int(),
    account: z.string(),
    registered_at: z.number().int(),
    qualified_at: z.number().int().nullable(),
    bonus: z.string().nullable(),
  }),
).extend({
  inviter: z.object({ id: z.number().int(), account: z.string() }).nullable(),
});
export type AdminUserInvitations = z.infer<typeof adminUserInvitationsSchema>;

/** Every operator act whose target is this user, newest first. */
export const adminUserAuditSchema = pageOf(adminAuditItemSchema);
export type AdminUserAudit = z.infer<typeof adminUserAuditSchema>;
