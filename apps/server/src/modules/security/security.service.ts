import { and, desc, eq, inArray } from 'drizzle-orm';
import type { LoginRecord, UserSession } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isOwnOpenSession, liveSessionsOf, revokeSession, revokeUserSessions, sessionOfToken } from '../auth/index.ts';
import { loginRecords } from './security.table.ts';
import { deviceName } from './device-name.ts';
import { seconds } from '../../platform/time/epoch.ts';

export const LOGIN_HISTORY = 20;

/** Records the login (or registration) that opened the session a token names. */
export async function recordLogin(
  db: DbOrTx,
  input: { token: string; kind: 'login' | 'register'; ip: string; userAgent: string | undefined },
) {
  const session = await sessionOfToken(db, input.token);
  if (!session) return;
  await db.insert(loginRecords).values({
    userId: session.userId,
    sessionId: session.id,
    kind: input.kind,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 400) ?? null,
  });
}

/** The device each session was opened on: the user agent its login was recorded with. */
export async function sessionAgents(db: DbOrTx, userId: number, sessionIds: readonly number[]) {
  const agents = new Map<number, string | null>();
  if (!sessionIds.length) return agents;
  const logins = await db
    .select({ sessionId: loginRecords.sessionId, userAgent: loginRecords.userAgent })
    .from(loginRecords)
    .where(and(eq(loginRecords.userId, userId), inArray(loginRecords.sessionId, [...sessionIds])));
  for (const l of logins) if (l.sessionId !== null) agents.set(l.sessionId, l.userAgent);
  return agents;
}

/** The user's live sessions, the current one first. */
export async function liveSessions(db: DbOrTx, userId: number, currentId: number): Promise<UserSession[]> {
  const { rows } = await liveSessionsOf(db, userId);
  const agents = await sessionAgents(
    db,
    userId,
    rows.map((r) => r.id),
  );
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
  if (!(await isOwnOpenSession(db, userId, sessionId))) throw new AppError('no_data');
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
