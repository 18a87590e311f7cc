import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { SESSION_IDLE_SECONDS, hashToken } from './sessions.ts';
import { sessions } from './auth.table.ts';

/** What the security pages show of a user's sessions; the device each was opened on is the security module's. */

const live = (userId: number) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
  );

const shown = {
  id: sessions.id,
  ip: sessions.ip,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
};

/** The session a token opened, live or not: whose it is. */
export async function sessionOfToken(db: DbOrTx, token: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row ?? null;
}

/** A user's live sessions, latest seen first; with a page, that page and how many there are in all. */
export async function liveSessionsOf(db: DbOrTx, userId: number, page?: { limit: number; offset: number }) {
  const query = db
    .select(shown)
    .from(sessions)
    .where(live(userId))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id));
  if (!page) {
    const rows = await query;
    return { rows, total: rows.length };
  }
  const [rows, [total]] = await Promise.all([
    query.limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(sessions).where(live(userId)),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/**
 * How a session ended, if it has: the first of its ends that came. Signed out (revoked: by the user, a sign-out
 * everywhere, a lock, a password change or reset, a freeze) counts only before it expired or idled out, since
 * signing a user out everywhere also marks sessions that had already lapsed.
 */
const idleEndsAt = sql`${sessions.lastSeenAt} + make_interval(secs => ${SESSION_IDLE_SECONDS})`;
const lapsesAt = sql`least(${sessions.expiresAt}, ${idleEndsAt})`;
const endedHow = sql<'signed_out' | 'expired' | 'idle' | null>`CASE
  WHEN ${sessions.revokedAt} IS NOT NULL AND ${sessions.revokedAt} < ${lapsesAt} THEN 'signed_out'
  WHEN ${lapsesAt} > now() THEN NULL
  WHEN ${sessions.expiresAt} <= ${idleEndsAt} THEN 'expired'
  ELSE 'idle' END`;
const endedAt = sql<Date | null>`CASE
  WHEN ${sessions.revokedAt} IS NOT NULL AND ${sessions.revokedAt} < ${lapsesAt} THEN ${sessions.revokedAt}
  WHEN ${lapsesAt} > now() THEN NULL
  ELSE ${lapsesAt} END`.mapWith(sessions.revokedAt);

/**
 * Every session of a user still kept (live, and ended ones until retention deletes them), latest seen first, with
 * how and when each ended; a page of them and how many there are in all.
 */
export async function sessionHistoryOf(db: DbOrTx, userId: number, page: { limit: number; offset: number }) {
  const mine = eq(sessions.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...shown, ended: endedHow, endedAt })
      .from(sessions)
      .where(mine)
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(sessions).where(mine),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
}

/** Whether this session is the user's and not ended: someone else's id reads like a missing one. */
export async function isOwnOpenSession(db: DbOrTx, userId: number, sessionId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  return row !== undefined;
}

/** The user's sessions not yet ended nor expired, locked until the caller's transaction ends them. */
export async function unexpiredSessionIds(tx: DbOrTx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .for('update');
  return rows.map((row) => row.id);
}
