import { bigint, bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Successful logins (and the session a registration opens): when, from which address and device. */
export const loginRecords = pgTable(
  'login_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }),
    kind: text('kind').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('login_records_user_idx').on(t.userId, t.id),
    index('login_records_session_idx').on(t.sessionId),
    // The risk rule on shared addresses: who else signed in from this address lately.
    index('login_records_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Each time a user froze their own account (POST /api/user/freeze): customer service must tell a caller when and
 * from which session it happened, and the user's row keeps only the freeze in effect. An operator's freeze and
 * unfreeze are in the audit log instead. `already_frozen_since` is set when the account was frozen already (that
 * freeze's time is kept); `session_id`, `ip` and `signed_out` are null on the earlier freezes migration 0042 took
 * from the inbox.
 */
export const selfFreezes = pgTable(
  'self_freezes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    sessionId: bigint('session_id', { mode: 'number' }),
    ip: text('ip'),
    alreadyFrozenSince: timestamp('already_frozen_since', { withTimezone: true }),
    /** How many other live sessions the freeze signed out. */
    signedOut: integer('signed_out'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('self_freezes_user_idx').on(t.userId, t.id)],
);
