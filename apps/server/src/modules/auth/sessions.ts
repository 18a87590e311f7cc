import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sessions } from './auth.table.ts';
import { users } from '../users/users.table.ts';

/** A token is 256 random bits; only its SHA-256 is stored, so a database leak yields no live token. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
// Writing last_seen_at on every request would make every read a write; a minute's precision is enough.
const TOUCH_AFTER_SECONDS = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function createSession(db: DbOrTx, userId: number, ip: string) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { token, sessionId: row!.id, expiresAt: Math.floor(row!.expiresAt.getTime() / 1000) };
}

export type SessionUser = { sessionId: number; userId: number; locked: boolean };

/** The live session a token names, or null when it is unknown, revoked, idle too long or past its end. */
export async function findSession(db: DbOrTx, token: string): Promise<SessionUser | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({
      sessionId: sessions.id,
      userId: sessions.userId,
      locked: users.locked,
      idle: sql<number>`extract(epoch from now() - ${sessions.lastSeenAt})::float8`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(eq(sessions.tokenHash, hashToken(token)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
    )
    .limit(1);
  if (!row || row.idle > SESSION_IDLE_SECONDS) return null;
  if (row.idle > TOUCH_AFTER_SECONDS) {
    await db
      .update(sessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(sessions.id, row.sessionId));
  }
  return { sessionId: row.sessionId, userId: row.userId, locked: row.locked };
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user, except optionally the one making the request. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
}
