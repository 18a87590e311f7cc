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
