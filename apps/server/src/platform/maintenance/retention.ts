import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * How long the bookkeeping rows that only serve a window are kept. Nothing here is a record of money or of a
 * result (journals, orders, deposits and the prices an order used are kept for ever).
 * - login failures: the throttle looks back 15 minutes; a day is kept for support questions;
 * - sessions: 30 days after they expired or were logged out (the security page lists the live ones);
 * - verification codes: a day after they expired (the SMS limits look back an hour);
 * - idempotency keys: 7 days; a client retries a money-moving request within minutes, never a week later;
 * - rate-limit counts: an hour after their window (windows are a minute long).
 */
export const RETENTION = {
  loginFailuresDays: 1,
  endedSessionsDays: 30,
  expiredCodesDays: 1,
  idempotencyKeysDays: 7,
  rateLimitWindowsHours: 1,
} as const;

export type PruneCounts = {
  loginFailures: number;
  sessions: number;
  codes: number;
  idempotencyKeys: number;
  rateLimitWindows: number;
};

/** Rows per statement: short transactions that never hold many locks at once. */
const SLICE = 5_000;

async function inSlices(db: DbOrTx, statement: (limit: number) => ReturnType<typeof sql>): Promise<number> {
  let removed = 0;
  for (;;) {
    const result = await db.execute(statement(SLICE));
    removed += result.rowCount ?? 0;
    if ((result.rowCount ?? 0) < SLICE) return removed;
  }
}

/** One pass over every table with a retention; running it twice removes nothing more. */
export async function pruneExpired(db: DbOrTx): Promise<PruneCounts> {
  const days = (n: number) => sql`now() - make_interval(days => ${n})`;
  return {
    loginFailures: await inSlices(
      db,
      (limit) => sql`DELETE FROM login_failures WHERE id IN (
        SELECT id FROM login_failures WHERE created_at < ${days(RETENTION.loginFailuresDays)} LIMIT ${limit})`,
    ),
    sessions: await inSlices(
      db,
      (limit) => sql`DELETE FROM sessions WHERE id IN (
        SELECT id FROM sessions
        WHERE least(expires_at, coalesce(revoked_at, expires_at)) < ${days(RETENTION.endedSessionsDays)}
        LIMIT ${limit})`,
    ),
    codes: await inSlices(
      db,
      (limit) => sql`DELETE FROM verification_codes WHERE id IN (
        SELECT id FROM verification_codes WHERE expires_at < ${days(RETENTION.expiredCodesDays)} LIMIT ${limit})`,
    ),
    idempotencyKeys: await inSlices(
      db,
      (limit) => sql`DELETE FROM idempotency_keys WHERE (user_id, key) IN (
        SELECT user_id, key FROM idempotency_keys
        WHERE created_at < ${days(RETENTION.idempotencyKeysDays)} LIMIT ${limit})`,
    ),
    rateLimitWindows: await inSlices(
      db,
      (limit) => sql`DELETE FROM rate_limit_hits WHERE (key, window_start) IN (
        SELECT key, window_start FROM rate_limit_hits
        WHERE window_start < (extract(epoch FROM now()) * 1000)::bigint - ${RETENTION.rateLimitWindowsHours * 3_600_000}
        LIMIT ${limit})`,
    ),
  };
}
