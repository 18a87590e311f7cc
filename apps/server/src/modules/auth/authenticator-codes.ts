import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

// What a user's authenticator app and recovery codes are made of: RFC 6238 codes as every app reads them
// (SHA-1, six digits, thirty seconds) and recovery codes with enough entropy that a plain hash keeps them.

export const newAuthenticatorSecret = () => generateSecret();

export const authenticatorUri = (account: string, secret: string) =>
  generateURI({ issuer: 'Contract Trader', label: account, secret });

/**
 * The time step a code matches, or null. One step either side is allowed for a phone's clock drift; a step at or
 * before `afterStep` (the last code accepted) is refused, so a code seen over a shoulder cannot be replayed.
 */
export async function matchAuthenticatorCode(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

export const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: a code copied from paper is typed back right.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** Sixteen characters from 31 (about 79 bits): too many to guess or to reverse from a leaked SHA-256. */
export function newRecoveryCode(): string {
  const chars = Array.from({ length: 16 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return chars.match(/.{4}/g)!.join('-');
}

/** The stored form of a recovery code: typed with or without dashes, spaces, in any case. */
export const recoveryCodeHash = (code: string) =>
  createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');

export const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();

export const looksLikeAuthenticatorCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ''));
