import { createHash } from 'node:crypto';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Language, PasskeyList, SessionData, StepUpGrant } from '@app/contracts';
import type { WebAuthnSettings } from '../../platform/config/env.ts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { findUser, setUserLanguage, userInfo } from '../users/index.ts';
import { stepUpGrants, userPasskeys } from './auth.table.ts';
import { grantHash, newGrantCode } from './step-up-grants.ts';
import { addressLimits, checkSecret, counterOf } from './secret-attempts.ts';
import { settleSecondFactor } from './second-factor-state.ts';
import { createSession } from './sessions.ts';
import { assertSecondFactor } from './step-up.ts';
import { keepChallenge, takeChallenge, type ChallengePurpose } from './webauthn-challenges.ts';
import { uniqueViolation } from '../../platform/db/unique-violation.ts';

// Passkeys (WebAuthn): several per user, each named; a sign-in factor on their own and a second factor for step-up.
// The library checks the signatures, origins, RP ID and flags; this module keeps the challenges (single use, in the
// database), the counters and who owns which credential.

export const PASSKEY_LIMIT = 10;
/** How long a passkey step-up stays redeemable: the time to tap Confirm after the sensor. */
const GRANT_SECONDS = 120;
const PASSKEY_TYPE = 'public-key';

type Row = typeof userPasskeys.$inferSelect;

export async function listPasskeys(db: Db, userId: number): Promise<PasskeyList> {
  const rows = await db
    .select()
    .from(userPasskeys)
    .where(eq(userPasskeys.userId, userId))
    .orderBy(asc(userPasskeys.id));
  return {
    items: rows.map((r) => ({
      id: r.id,
      name: r.name,
      created_at: seconds(r.createdAt),
      last_used_at: r.lastUsedAt ? seconds(r.lastUsedAt) : null,
    })),
  };
}

/**
 * Options to create a passkey. With a factor already on this is stepped up: a session alone must not be enough
 * to add a key that would then pass every step-up. The challenge is issued only after that, so the add that
 * answers it needs no factor of its own.
 */
export async function passkeyCreationOptions(
  db: Db,
  rp: WebAuthnSettings,
  input: { userId: number; ip: string; code: string | undefined },
) {
  const user = await findUser(db, input.userId);
  if (!user) throw new AppError('user_not_found');
  await assertSecondFactor(db, { user, ip: input.ip, code: input.code });
  const existing = await ownPasskeys(db, user.id);
  if (existing.length >= PASSKEY_LIMIT) throw new AppError('passkey_limit');
  const options = await generateRegistrationOptions({
    rpName: rp.rpName,
    rpID: rp.rpId,
    userName: user.account,
    // A stable handle that is not the account name: one authenticator keeps one passkey per user here.
    userID: createHash('sha256').update(`webauthn-user:${user.id}`).digest().subarray(0, 16),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await keepChallenge(db, { challenge: options.challenge, purpose: 'register', userId: user.id });
  return options;
}

/** Verifies the browser's new credential against a challenge this user was given, and keeps it under a name. */
export async function addPasskey(
  db: Db,
  rp: WebAuthnSettings,
  input: { userId: number; credential: string; name: string },
): Promise<void> {
  const response = parseResponse<RegistrationResponseJSON>(input.credential);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: (challenge) => takeChallenge(db, { challenge, purpose: 'register', userId: input.userId }),
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError('passkey_failed');
  const { credential } = verified.registrationInfo;
  await db
    .transaction(async (tx) => {
      await tx.insert(userPasskeys).values({
        userId: input.userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (credential.transports ?? []).join(','),
        name: input.name,
      });
      await settleSecondFactor(tx, input.userId);
      const [n] = await tx.select({ n: count() }).from(userPasskeys).where(eq(userPasskeys.userId, input.userId));
      if (Number(n?.n ?? 0) > PASSKEY_LIMIT) throw new AppError('passkey_limit');
    })
    .catch((error: unknown) => {
      // The credential is someone's already (here or another account's): nothing is added.
      if (uniqueViolation(error) !== null) throw new AppError('passkey_failed');
      throw error;
    });
}

export async function renamePasskey(db: Db, input: { userId: number; id: number; name: string }): Promise<void> {
  const renamed = await db
    .update(userPasskeys)
    .set({ name: input.name })
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, input.userId)))
    .returning({ id: userPasskeys.id });
  if (renamed.length === 0) throw new AppError('no_data');
}

/** Removing a passkey is stepped up; removing the last factor starts the withdrawal hold. */
export async function removePasskey(
  db: Db,
  input: { userId: number; id: number; ip: string; code: string | undefined },
): Promise<void> {
  const [own] = await db
    .select({ id: userPasskeys.id })
    .from(userPasskeys)
    .where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, input.userId)));
  if (!own) throw new AppError('no_data');
  await assertSecondFactor(db, { user: input.userId, ip: input.ip, code: input.code });
  await db.transaction(async (tx) => {
    await tx.delete(userPasskeys).where(and(eq(userPasskeys.id, input.id), eq(userPasskeys.userId, input.userId)));
    await settleSecondFactor(tx, input.userId);
  });
}

/** Options for a step-up with one of the user's passkeys. */
export async function stepUpOptions(db: Db, rp: WebAuthnSettings, userId: number) {
  const own = await ownPasskeys(db, userId);
  if (own.length === 0) throw new AppError('passkey_none');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    userVerification: 'required',
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
  });
  await keepChallenge(db, { challenge: options.challenge, purpose: 'step_up', userId });
  return options;
}

/**
 * A step-up with a passkey: the assertion is counted on the second-factor counter before it is verified (like an
 * authenticator code), then exchanged for a one-time code the protected request carries in `second_factor_code`.
 */
export async function stepUpWithPasskey(
  db: Db,
  rp: WebAuthnSettings,
  input: { userId: number; ip: string; credential: string },
): Promise<StepUpGrant> {
  const response = parseResponse<AuthenticationResponseJSON>(input.credential);
  const right = await checkSecret(
    db,
    { counter: counterOf.secondFactor(input.userId), ip: input.ip, perAddress: null },
    async () => (await verifyAssertion(db, rp, { response, purpose: 'step_up', userId: input.userId })) !== null,
  );
  if (!right) throw new AppError('passkey_failed');
  const code = newGrantCode();
  await db.insert(stepUpGrants).values({
    userId: input.userId,
    grantHash: grantHash(code),
    expiresAt: sql`now() + make_interval(secs => ${GRANT_SECONDS})`,
  });
  return { second_factor_code: code };
}

/** Options for signing in with a passkey alone: any of this site's passkeys the device holds may answer. */
export async function loginOptions(db: Db, rp: WebAuthnSettings) {
  const options = await generateAuthenticationOptions({ rpID: rp.rpId, userVerification: 'required' });
  await keepChallenge(db, { challenge: options.challenge, purpose: 'login', userId: null });
  return options;
}

/**
 * Signing in with a passkey alone (no password): a passkey with user verification is itself two factors, so no
 * step-up follows even on a new device. Counted before verification per user and per address, as a password is.
 */
export async function loginWithPasskey(
  db: Db,
  rp: WebAuthnSettings,
  input: { credential: string; ip: string; lang: Language; userAgent: string | undefined },
): Promise<SessionData> {
  const response = parseResponse<AuthenticationResponseJSON>(input.credential);
  const [passkey] = await db.select().from(userPasskeys).where(eq(userPasskeys.credentialId, response.id));
  if (!passkey) {
    await checkSecret(
      db,
      { counter: counterOf.unknownPasskey(response.id), ip: input.ip, perAddress: addressLimits.userLogin },
      async () => false,
    );
    throw new AppError('passkey_unknown');
  }
  const right = await checkSecret(
    db,
    {
      counter: counterOf.passkeyLogin(passkey.userId),
      ip: input.ip,
      perAddress: addressLimits.userLogin,
      exemptKnownAddressOf: passkey.userId,
    },
    async () => (await verifyAssertion(db, rp, { response, purpose: 'login', userId: null, passkey })) !== null,
  );
  if (!right) throw new AppError('passkey_failed');
  const user = await findUser(db, passkey.userId);
  if (!user) throw new AppError('user_not_found');
  if (user.locked) throw new AppError('account_locked');
  const session = await createSession(db, user.id, input.ip, input.userAgent);
  if (user.lang !== input.lang) await setUserLanguage(db, user.id, input.lang);
  return { token: session.token, expires_at: session.expiresAt, user: await userInfo(db, user.id) };
}

/**
 * Checks an assertion: the challenge is taken (once, of this purpose, this user's when known) inside the
 * library's check, the signature and flags verified against the stored key, then the counter moved on in one
 * statement that matches the counter read, so two uses of one signature cannot both be accepted.
 */
async function verifyAssertion(
  db: Db,
  rp: WebAuthnSettings,
  input: { response: AuthenticationResponseJSON; purpose: ChallengePurpose; userId: number | null; passkey?: Row },
): Promise<Row | null> {
  const passkey =
    input.passkey ??
    (
      await db
        .select()
        .from(userPasskeys)
        .where(and(eq(userPasskeys.credentialId, input.response.id), eq(userPasskeys.userId, input.userId ?? -1)))
    )[0];
  if (!passkey) return null;
  const verified = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: (challenge) => takeChallenge(db, { challenge, purpose: input.purpose, userId: input.userId }),
    expectedOrigin: rp.origins,
    expectedRPID: rp.rpId,
    credential: {
      id: passkey.credentialId,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: transportsOf(passkey),
    },
    requireUserVerification: true,
  }).catch(() => null);
  if (!verified?.verified) return null;
  const moved = await db
    .update(userPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(and(eq(userPasskeys.id, passkey.id), eq(userPasskeys.counter, passkey.counter)))
    .returning({ id: userPasskeys.id });
  return moved.length === 1 ? passkey : null;
}

const ownPasskeys = (db: Db, userId: number) =>
  db.select().from(userPasskeys).where(eq(userPasskeys.userId, userId)).orderBy(asc(userPasskeys.id));

const transportsOf = (p: Row): string[] | undefined => (p.transports ? p.transports.split(',') : undefined);

function parseResponse<T extends { id: string; type: string }>(text: string): T {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('passkey_failed');
  }
  const r = parsed as Partial<T> | null;
  if (!r || typeof r !== 'object' || typeof r.id !== 'string' || r.type !== PASSKEY_TYPE || !r.id)
    throw new AppError('passkey_failed');
  return r as T;
}
