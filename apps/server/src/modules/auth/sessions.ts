import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { GroupCommit } from '../../platform/db/group-commit.ts';
import { dropSessionDevices } from '../push/index.ts';
import type { SessionUser } from '../../platform/http/authenticate.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { sessions } from './auth.table.ts';

/** A token is 256 random bits; only its SHA-256 is stored, so a database leak yields no live token. */
export const SESSION_IDLE_SECONDS = 7 * 24 * 3600;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 3600;
// Writing last_seen_at on every request would make every read a write; a minute's precision is enough.
const TOUCH_AFTER_SECONDS = 60;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What "this device" means for new-device step-up: the browser's User-Agent, kept only as a hash. */
export const deviceKeyOf = (userAgent: string | undefined) => (userAgent ? hashToken(`ua:${userAgent}`) : null);

export async function createSession(db: DbOrTx, userId: number, ip: string, userAgent?: string) {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(sessions)
    .values({
      userId,
      tokenHash: hashToken(token),
      ip,
      deviceKey: deviceKeyOf(userAgent),
      expiresAt: sql`now() + make_interval(secs => ${SESSION_ABSOLUTE_SECONDS})`,
    })
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  return { token, sessionId: row!.id, expiresAt: Math.floor(row!.expiresAt.getTime() / 1000) };
}

/**
 * The live session a token names, or null when it is unknown, revoked, idle too long or past its end.
 * Every authenticated request asks this, so lookups that arrive while one is being answered go to the database
 * together in one query (each still reads the database as it is then: a revoked session is refused at once).
 */
export async function findSession(db: DbOrTx, token: string): Promise<SessionUser | null> {
  if (!isTokenShaped(token)) return null;
  let lookups = batchedLookups.get(db);
  if (!lookups) {
    lookups = new GroupCommit(
      async (tokens: string[]) => {
        const found = await findSessions(db, tokens);
        return tokens.map((t) => ({ ok: true, value: found.get(t) ?? null }));
      },
      { maxBatch: 200, maxInFlight: 2 },
    );
    batchedLookups.set(db, lookups);
  }
  return lookups.submit(token);
}

const batchedLookups = new WeakMap<DbOrTx, GroupCommit<string, SessionUser | null>>();

/** A string that could be a token (anything else is refused without a query). */
const isTokenShaped = (token: string) => /^[A-Za-z0-9_-]{20,100}$/.test(token);

/** A row of `liveSessions`. */
export type LiveSessionRow = {
  id: string | number;
  user_id: string | number;
  locked: boolean;
  idle: number;
  token_hash: string;
};

/**
 * The sessions of these token hashes that are neither revoked nor past their end, with their user's lock and how
 * long each has been idle (`sessionOf` decides). A statement of its own, or part of a larger one: order placement
 * reads it in the statement that takes its users' locks, so an order is placed only on a session live in the
 * transaction that places it, with no round trip of its own.
 */
export const liveSessions = (tokenHashes: string[]) => sql`
  SELECT s.id, s.user_id, u.locked, extract(epoch from now() - s.last_seen_at)::float8 AS idle, s.token_hash
  FROM sessions s JOIN users u ON u.id = s.user_id
  WHERE s.token_hash = ANY(${pgArray(tokenHashes)}::text[]) AND s.revoked_at IS NULL AND s.expires_at > now()`;

/** The user a live session stands for, or null when it has been idle too long. */
export const sessionOf = (row: LiveSessionRow): SessionUser | null =>
  row.idle > SESSION_IDLE_SECONDS
    ? null
    : { sessionId: Number(row.id), userId: Number(row.user_id), locked: row.locked };

/** Marks sessions seen (only those idle past a minute: writing on every request would make every read a write). */
export async function touchSessions(db: DbOrTx, rows: LiveSessionRow[]) {
  const stale = rows
    .filter((r) => r.idle > TOUCH_AFTER_SECONDS && r.idle <= SESSION_IDLE_SECONDS)
    .map((r) => Number(r.id));
  if (stale.length)
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() WHERE id = ANY(${pgArray(stale)}::bigint[])`);
}

async function findSessions(db: DbOrTx, tokens: string[]): Promise<Map<string, SessionUser>> {
  const byHash = new Map(tokens.map((t) => [hashToken(t), t]));
  const rows = await db.execute<LiveSessionRow>(liveSessions([...byHash.keys()]));
  const found = new Map<string, SessionUser>();
  for (const row of rows.rows) {
    const session = sessionOf(row);
    if (session) found.set(byHash.get(row.token_hash)!, session);
  }
  await touchSessions(db, rows.rows);
  return found;
}

export async function revokeSession(db: DbOrTx, sessionId: number) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  await dropSessionDevices(db, { sessionId });
}

/** Ends every session of a user, except optionally the one making the request. */
export async function revokeUserSessions(db: DbOrTx, userId: number, keepSessionId?: number) {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(...conditions));
  await dropSessionDevices(db, { userId, keepSessionId });
}

/**
 * A session length the user set on themselves: each open session of theirs (or only `tokenHash`'s) ends at most
 * `seconds` after it began. The end is the session's own, so every node refuses the token from then on as it does
 * any expired one; nothing here lengthens a session.
 */
export async function capSessionLength(db: DbOrTx, userId: number, seconds: number, tokenHash?: string) {
  await db
    .update(sessions)
    .set({ expiresAt: sql`least(${sessions.expiresAt}, ${sessions.createdAt} + make_interval(secs => ${seconds}))` })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        sql`${sessions.expiresAt} > now()`,
        tokenHash === undefined ? undefined : eq(sessions.tokenHash, tokenHash),
      ),
    );
}

/** When a session began and when it ends, by id. */
export async function sessionTimes(db: DbOrTx, sessionId: number) {
  const [row] = await db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId));
  return row
    ? { startedAt: Math.floor(row.createdAt.getTime() / 1000), endsAt: Math.floor(row.expiresAt.getTime() / 1000) }
    : null;
}
