import type { ApiError } from '@app/api-client';
import { postForm } from '../raw-request.ts';

// The browser's side of passkeys. @simplewebauthn/browser is loaded only when a passkey is used, so the screens
// that never use one do not carry it.

/** A ceremony the person cancelled or the device refused, said as the server says a failed passkey. */
const failed = (): ApiError => ({ code: 400, key: 'passkey_failed', msg: '', kind: 'refused' });

/** Whether this browser can use passkeys at all (the buttons are hidden where it cannot). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Runs navigator.credentials.get() for these options and returns the answer as the JSON text the server reads. */
export async function passkeyAssertion(options: Record<string, unknown>): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  try {
    return JSON.stringify(await startAuthentication({ optionsJSON: options as never }));
  } catch {
    throw failed();
  }
}

/** Runs navigator.credentials.create() for these options and returns the answer as JSON text. */
export async function passkeyCreation(options: Record<string, unknown>): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  try {
    return JSON.stringify(await startRegistration({ optionsJSON: options as never }));
  } catch {
    throw failed();
  }
}

/**
 * A step-up with one of the user's passkeys: the server verifies the assertion and gives a one-time code, which
 * the protected request then carries as `second_factor_code` like an authenticator code.
 */
export async function passkeyStepUpCode(token: string | null): Promise<string> {
  const { options } = await postForm<{ options: Record<string, unknown> }>(
    '/api/user/passkeys/step_up_options',
    token,
    {},
  );
  const credential = await passkeyAssertion(options);
  const granted = await postForm<{ second_factor_code: string }>('/api/user/passkeys/step_up', token, { credential });
  return granted.second_factor_code;
}

/** The one-time code a passkey step-up gave (never typed by a person). */
export const isPasskeyCode = (value: string) => /^PK-[A-Z2-9]{24}$/.test(value);
