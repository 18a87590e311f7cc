import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The people who run the platform. A name is unique and never changes (the audit log and the four-eyes checks
 * record it); the password is argon2id; the authenticator's secret is kept once enrolled, with the last time
 * step a code was accepted for, so a code is used once.
 */
export const operators = pgTable(
  'operators',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    role: text('role').notNull(),
    /** Null until the invited operator chooses a password. */
    passwordHash: text('password_hash'),
    totpSecret: text('totp_secret'),
    totpEnrolledAt: timestamp('totp_enrolled_at', { withTimezone: true }),
    lastTotpStep: bigint('last_totp_step', { mode: 'number' }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operators_name_key').on(t.name),
    check('operators_role_check', sql`${t.role} IN ('support', 'finance', 'content', 'admin')`),
  ],
);

/** A console session: an HttpOnly cookie's token and the CSRF token sent back with changes, both stored hashed. */
export const operatorSessions = pgTable(
  'operator_sessions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    tokenHash: text('token_hash').notNull(),
    csrfHash: text('csrf_hash').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_sessions_token_hash_key').on(t.tokenHash),
    index('operator_sessions_operator_idx').on(t.operatorId),
  ],
);

/**
 * One-time tickets: `invite` lets an invited operator choose a password; `enrol` carries an authenticator secret
 * between the login that issued it and the first code that confirms it. Stored hashed, single use, short-lived.
 */
export const operatorTickets = pgTable(
  'operator_tickets',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    kind: text('kind').notNull(),
    ticketHash: text('ticket_hash').notNull(),
    secret: text('secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('operator_tickets_hash_key').on(t.ticketHash)],
);

/** Recovery codes, shown once at enrolment, stored as argon2id hashes; each replaces the authenticator once. */
export const operatorRecoveryCodes = pgTable(
  'operator_recovery_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('operator_recovery_codes_operator_idx').on(t.operatorId)],
);

/** Per-operator API tokens for the CLI and scripts: a role no wider than the operator's, revocable. */
export const operatorApiTokens = pgTable(
  'operator_api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    label: text('label').notNull(),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('operator_api_tokens_hash_key').on(t.tokenHash),
    index('operator_api_tokens_operator_idx').on(t.operatorId),
  ],
);

/**
 * An operator's saved views of a queue: a name and the filters as the queue's URL carries them. Each operator's
 * own (they sign in on several machines, so the server keeps them, not a browser); one name per queue.
 */
export const operatorSavedViews = pgTable(
  'operator_saved_views',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    queue: text('queue').notNull(),
    name: text('name').notNull(),
    query: text('query').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('operator_saved_views_name_key').on(t.operatorId, t.queue, t.name)],
);
