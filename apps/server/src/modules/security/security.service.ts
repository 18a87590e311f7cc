import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { LoginRecord, UserSession } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessions, hashToken, revokeSession, revokeUserSessions, SESSION_IDLE_SECONDS } from '../auth/index.ts';
import { loginRecords } from './security.table.ts';
import { deviceName } from './device-name.ts';
import { seconds } from '../../platform/time/epoch.ts';

export const LOGIN_HISTORY = 20;

/** Records the login (or registration) that opened the session a token names. */
export async function recordLogin(
  db: DbOrTx,
  input: { token: string; kind: 'login' | 'register'; ip: string; userAgent: string | undefined },
) {
  const [session] = await db
    .select({ id: sessions.id, userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(input.token)));
  if (!session) return;
  await db.insert(loginRecords).values({
    userId: session.userId,
    sessionId: session.id,
    kind: input.kind,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
  });
}

/** The user's live sessions, the current one first. */
export async function liveSessions(db: DbOrTx, userId: number, currentId: number): Promise<UserSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
      ),
    )
    .orderBy(desc(sessions.lastSeenAt));
  // The device of each session is the one its login was recorded with.
  const agents = new Map<number, string | null>();
  if (rows.length) {
    const logins = await db
      .select({ sessionId: loginRecords.sessionId, userAgent: loginRecords.userAgent })
      .from(loginRecords)
      .where(
        and(
          eq(loginRecords.userId, userId),
          inArray(
            loginRecords.sessionId,
            rows.map((r) => r.id),
          ),
        ),
      );
    for (const l of logins) if (l.sessionId !== null) agents.set(l.sessionId, l.userAgent);
  }
  return rows
    .map((r) => ({
      id: r.id,
      current: r.id === currentId,
      device: deviceName(agents.get(r.id)),
      ip: r.ip,
      created_at: seconds(r.createdAt),
      last_seen_at: seconds(r.lastSeenAt),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

export async function logoutOthers(db: DbOrTx, userId: number, currentId: number) {
  await revokeUserSessions(db, userId, currentId);
}

/** Ends one of the user's own sessions; someone else's id reads like a missing one. */
export async function logoutSession(db: DbOrTx, userId: number, sessionId: number) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  if (!row) throw new AppError('no_data');
  await revokeSession(db, sessionId);
}

export async function lastLogins(db: DbOrTx, userId: number): Promise<LoginRecord[]> {
  const rows = await db
    .select()
    .from(loginRecords)
    .where(eq(loginRecords.userId, userId))
    .orderBy(desc(loginRecords.id))
    .limit(LOGIN_HISTORY);
  return rows.map((r) => ({
    kind: r.kind as LoginRecord['kind'],
    device: deviceName(r.userAgent),
    ip: r.ip,
    at: seconds(r.createdAt),
  }));
}
