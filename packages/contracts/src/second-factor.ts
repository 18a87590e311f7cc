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

/** A passkey's name as the user gives it (“Phone”, “Work laptop”). */
export const passkeyName = z
  .string({ error: 'passkey_name_invalid' })
  .trim()
  .min(1, 'passkey_name_invalid')
  .max(40, 'passkey_name_invalid');

/**
 * A WebAuthn response as @simplewebauthn/browser gives it, sent as one JSON text field (bodies are
 * form-urlencoded). The server parses and verifies it; anything that is not such a response is `passkey_failed`.
 */
export const webauthnResponseField = z
  .string({ error: 'passkey_failed' })
  .min(2, 'passkey_failed')
  .max(16_000, 'passkey_failed');

/** GET /api/user/passkeys: the user's passkeys (never a key, only what names and dates them). */
export const passkeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.object({ items: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;

/**
 * The options a browser's WebAuthn call takes (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON),
 * passed through to @simplewebauthn/browser as the server made them.
 */
export const webauthnOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });
export type WebAuthnOptions = z.infer<typeof webauthnOptionsSchema>;

/** POST /api/user/passkeys/options: adding a passkey is stepped up when a factor is already on. */
export const passkeyOptionsBodySchema = z.object(secondFactorField);
export type PasskeyOptionsBody = z.input<typeof passkeyOptionsBodySchema>;

/** POST /api/user/passkeys/add: the browser's answer to those options, and the name to keep it under. */
export const passkeyAddBodySchema = z.object({ credential: webauthnResponseField, name: passkeyName });
export type PasskeyAddBody = z.input<typeof passkeyAddBodySchema>;

/** POST /api/user/passkeys/:id/rename. */
export const passkeyRenameBodySchema = z.object({ name: passkeyName });
export type PasskeyRenameBody = z.input<typeof passkeyRenameBodySchema>;

/** POST /api/user/passkeys/:id/remove: stepped up (removing the last factor starts the withdrawal hold). */
export const passkeyRemoveBodySchema = z.object(secondFactorField);
export type PasskeyRemoveBody = z.input<typeof passkeyRemoveBodySchema>;

export const passkeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** A signed assertion (POST /api/user/passkeys/step_up, POST /api/login/passkey). */
export const passkeyAssertionBodySchema = z.object({ credential: webauthnResponseField });
export type PasskeyAssertionBody = z.input<typeof passkeyAssertionBodySchema>;

/**
 * POST /api/user/passkeys/step_up: a verified assertion is exchanged for a one-time code, good for two minutes,
 * that the protected request carries in `second_factor_code` as it would an authenticator code.
 */
export const stepUpGrantSchema = z.object({ second_factor_code: z.string() });
export type StepUpGrant = z.infer<typeof stepUpGrantSchema>;

/** POST /api/user/authenticator/start: stepped up when a passkey is already on. */
export const authenticatorStartBodySchema = z.object(secondFactorField).optional();
export type AuthenticatorStartBody = z.input<typeof authenticatorStartBodySchema>;

/**
 * POST /api/user/anti_phishing: the word the user's messages from us will carry (2 to 20 letters or digits with at
 * least one letter, any script); empty clears it. Stepped up when a factor is on (someone with only a session must not be able to
 * learn-and-set the word a phisher would copy).
 */
export const antiPhishingBodySchema = z.object({
  code: z
    .string()
    .trim()
    .max(20, 'anti_phishing_invalid')
    // A word, not a number: never mistaken for the verification code in the same SMS.
    .regex(/^(|(?=.*\p{L})[\p{L}\p{N}]{2,20})$/u, 'anti_phishing_invalid')
    .optional(),
  ...secondFactorField,
});
export type AntiPhishingBody = z.input<typeof antiPhishingBodySchema>;
