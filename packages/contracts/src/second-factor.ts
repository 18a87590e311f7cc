import { z } from 'zod';

/**
 * A second factor given with a request that needs one (step-up): a six-digit code from the authenticator app, or
 * one of the recovery codes shown at enrolment (letters and digits in groups; spaces and dashes are ignored).
 * Optional in every body that carries it: the server decides whether the user has a factor on and asks for it
 * with `second_factor_required`.
 */
export const secondFactorCode = z
  .string()
  .trim()
  .max(40, 'second_factor_wrong')
  .transform((v) => (v ? v : undefined))
  .optional();

/** The field a step-up-protected body carries the second factor in. */
export const secondFactorField = { second_factor_code: secondFactorCode } as const;
/** What a stepped-up request's body carries, for the routes that read it. */
export type SecondFactorBody = { second_factor_code?: z.output<typeof secondFactorCode> };

/** GET /api/user/authenticator: whether the authenticator is on, since when, and how many recovery codes are left. */
export const authenticatorStatusSchema = z.object({
  on: z.boolean(),
  enrolled_at: z.number().int().nullable(),
  recovery_codes_left: z.number().int(),
});
export type AuthenticatorStatus = z.infer<typeof authenticatorStatusSchema>;

/** POST /api/user/authenticator/start: a new secret to scan (QR of `otpauth_uri`) or type in, not yet on. */
export const authenticatorEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
});
export type AuthenticatorEnrolment = z.infer<typeof authenticatorEnrolmentSchema>;

/** POST /api/user/authenticator/confirm: the first code from the app turns it on. */
export const authenticatorConfirmBodySchema = z.object({
  code: z
    .string({ error: 'enter_verification_code' })
    .trim()
    .min(1, 'enter_verification_code')
    .regex(/^\d{6}$/, 'second_factor_wrong'),
});
export type AuthenticatorConfirmBody = z.input<typeof authenticatorConfirmBodySchema>;

/** The ten recovery codes, shown this once (only their hashes are kept). */
export const recoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** POST /api/user/authenticator/disable: turning it off is itself stepped up. */
export const authenticatorDisableBodySchema = z.object(secondFactorField);
export type AuthenticatorDisableBody = z.input<typeof authenticatorDisableBodySchema>;
