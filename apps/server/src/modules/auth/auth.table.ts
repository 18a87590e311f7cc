import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.ts';

/** A login session; only a hash of its token is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    /** A hash of the browser's User-Agent at sign-in: a sign-in from one not seen before is a new device. */
    deviceKey: text('device_key'),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/**
 * A user's authenticator app (RFC 6238). A row with `enrolled_at` null is an enrolment started and not yet
 * confirmed with a code; `last_step` is the time step of the last code accepted, so no code is accepted twice.
 */
export const userAuthenticators = pgTable('user_authenticators', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  enrolledAt: timestamp('enrolled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }),
});

/** The ten one-time recovery codes given when the authenticator is turned on; only SHA-256 of each is kept. */
export const userRecoveryCodes = pgTable(
  'user_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_recovery_codes_hash_key').on(t.userId, t.codeHash)],
);

/**
 * A user's passkeys (WebAuthn credentials): the public key only (the private key never leaves the device), the
 * signature counter last seen (an assertion must move it on when the authenticator keeps one), and a name the user
 * chose. Any number per user; a credential belongs to one user.
 */
export const userPasskeys = pgTable(
  'user_passkeys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The credential ID, base64url, as the browser reports it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('user_passkeys_credential_key').on(t.credentialId), index('user_passkeys_user_idx').on(t.userId)],
);

/**
 * WebAuthn challenges handed out and not yet answered, in the database so any node may check the answer; each is
 * taken once (`used_at`) and only before `expires_at`. `user_id` is null for a sign-in (who answers is not known yet).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_key').on(t.challenge),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check('webauthn_challenges_purpose', sql`${t.purpose} in ('register','step_up','login')`),
  ],
);

/**
 * A passkey step-up, redeemable once: a verified assertion is exchanged for a short-lived code the protected
 * request carries in `second_factor_code` like an authenticator code, so every protected body keeps its one
 * field. Only its SHA-256 is kept.
 */
export const stepUpGrants = pgTable(
  'step_up_grants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    grantHash: text('grant_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('step_up_grants_hash_key').on(t.grantHash), index('step_up_grants_user_idx').on(t.userId)],
);

/** Verification codes sent by SMS; stored hashed, single use, with an attempt counter. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    phone: text('phone').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The address that asked for the code, for the daily cap per address. */
    ip: text('ip'),
  },
  (t) => [
    index('verification_codes_phone_idx').on(t.phone, t.purpose, t.createdAt),
    index('verification_codes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Checks of a secret (login or fund password) that have not succeeded, counted per user and secret, and per
 * address, over a sliding window (see secret-attempts.ts). A row is written before the check; a right answer
 * deletes it, a wrong one marks it checked. Only checked rows count against an address, so many people logging
 * in at once from one address are not throttled by each other's checks in flight.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the check found the secret wrong; null while it is in flight (or if the process died during it: such a
     * row stops counting once older than any check takes). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    index('login_failures_account_idx').on(t.accountKey, t.createdAt),
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_created_idx').on(sql`${t.createdAt}`),
  ],
);

/**
 * A password reset customer service opened for a user (after checking the account is theirs): the user
 * completes it with an SMS code to the account's phone and a password only they choose. One open reset per
 * user and kind; it lapses after a day.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind').notNull(),
    startedBy: text('started_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.kind)],
);
