import { z } from 'zod';
import { secondFactorField } from './second-factor.ts';
import { accountName, loginIdentifier, password, phone, verificationCode, inviteCode, ticked } from './fields.ts';
import { userInfoSchema } from './user.ts';
import { loginRecordSchema, userSessionSchema } from './account.ts';
import { reasonSchema } from './admin.ts';
import { LANGUAGES } from './languages.ts';

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_RESEND_SECONDS = 60;

/** register; reset_login / reset_fund: completing a password reset customer service opened. */
/** `support`: a logged-out person proving their phone to write to customer service. */
export const smsPurposeSchema = z.enum(['register', 'reset_login', 'reset_fund', 'support']);

export const sendCodeBodySchema = z.object({
  phone,
  purpose: smsPurposeSchema.default('register'),
});
export type SendCodeBody = z.infer<typeof sendCodeBodySchema>;

export const sendCodeDataSchema = z.object({
  /** Seconds until another code may be requested. */
  resend_in: z.number().int(),
  /** Seconds the code stays valid. */
  expires_in: z.number().int(),
});
export type SendCodeData = z.infer<typeof sendCodeDataSchema>;

export const registerBodySchema = z
  .object({
    account: accountName,
    phone,
    password,
    password_confirm: z.string({ error: 'passwords_differ' }),
    code: verificationCode,
    invite_code: inviteCode,
    agree: ticked('agreement_required'),
  })
  .refine((b) => b.password === b.password_confirm, { message: 'passwords_differ', path: ['password_confirm'] });
export type RegisterBody = z.input<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  account: loginIdentifier,
  password: z.string({ error: 'enter_password' }).min(1, 'enter_password').max(64, 'wrong_password'),
  // Asked for when the account has a second factor on and this device has not signed in before.
  ...secondFactorField,
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const sessionDataSchema = z.object({
  token: z.string(),
  /** Seconds since the epoch after which the token no longer works, however active. */
  expires_at: z.number().int(),
  user: userInfoSchema,
});
export type SessionData = z.infer<typeof sessionDataSchema>;

/** GET /api/user/sessions: the user's live sessions, the current one first. */
export const userSessionListSchema = z.object({ items: z.array(userSessionSchema) });
export type UserSessionList = z.infer<typeof userSessionListSchema>;

/** GET /api/user/logins: the user's latest logins and registration, newest first. */
export const loginRecordListSchema = z.object({ items: z.array(loginRecordSchema) });
export type LoginRecordList = z.infer<typeof loginRecordListSchema>;

/** Which of a user's two passwords a reset is for. */
export const passwordKindSchema = z.enum(['login', 'fund']);
export type PasswordKind = z.infer<typeof passwordKindSchema>;

/**
 * Completing a reset customer service opened: the code sent to the account's phone (purpose reset_login or
 * reset_fund) and the new password, chosen by the user alone. Works logged out.
 */
export const resetPasswordBodySchema = z
  .object({
    phone,
    kind: passwordKindSchema,
    code: verificationCode,
    password,
    password_confirm: z.string({ error: 'passwords_differ' }),
  })
  .refine((b) => b.password === b.password_confirm, { message: 'passwords_differ', path: ['password_confirm'] });
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** An operator opens a reset after checking the account is the caller's; the SMS that tells the user is in `lang`. */
export const adminPasswordResetBodySchema = z.object({
  kind: passwordKindSchema,
  reason: reasonSchema,
  lang: z.enum(LANGUAGES).default('en'),
});
export const adminPasswordResetSchema = z.object({
  user_id: z.number().int(),
  kind: passwordKindSchema,
  started_by: z.string(),
  expires_at: z.number().int(),
});
export type AdminPasswordReset = z.infer<typeof adminPasswordResetSchema>;
