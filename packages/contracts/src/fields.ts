import { z } from 'zod';

/**
 * Field schemas shared by forms and the server. Each refusal's message is a catalogue key, so the
 * client can show the same translated text inline that the server would answer with.
 */
const text = (emptyKey: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : (v ?? '')), z.string().min(1, emptyKey));

export const accountName = text('enter_account').pipe(
  z.string().regex(/^[A-Za-z][A-Za-z0-9_]{3,19}$/, 'enter_correct_username'),
);

/** Login accepts an account name or a phone number. */
export const loginIdentifier = text('enter_account').pipe(z.string().max(32, 'enter_correct_username'));

export const phone = text('enter_phone').pipe(z.string().regex(/^\+?[0-9]{6,15}$/, 'phone_invalid'));

export const password = z
  .string({ error: 'enter_password' })
  .min(1, 'enter_password')
  .pipe(z.string().min(6, 'password_length').max(16, 'password_length'));

export const verificationCode = text('enter_verification_code').pipe(
  z.string().regex(/^[0-9]{6}$/, 'wrong_verification_code'),
);

export const inviteCode = text('enter_invitation_code').pipe(
  z.string().regex(/^[A-Za-z0-9]{4,16}$/, 'invalid_inviter'),
);

/** A ticked checkbox arrives as "1", "true" or "on" in a form body. */
export const ticked = (key: string) =>
  z.preprocess((v) => v === true || v === '1' || v === 'true' || v === 'on', z.literal(true, { error: key }));

/** Idempotency keys are client-chosen opaque strings, one per user intent. */
export const idempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid_request');
