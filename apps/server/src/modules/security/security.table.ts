import { bigint, bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

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
  (t) => [index('login_records_user_idx').on(t.userId, t.id), index('login_records_session_idx').on(t.sessionId)],
);
