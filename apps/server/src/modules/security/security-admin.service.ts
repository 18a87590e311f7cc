import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AdminUserLogins, AdminUserSessions } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { SESSION_IDLE_SECONDS, revokeUserSessions, sessions } from '../auth/index.ts';
import { findUser } from '../users/index.ts';
import { deviceName } from './device-name.ts';
import { loginRecords } from './security.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

const liveFilter = (userId: number) =>
  and(
    eq(sessions.userId, userId),
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, sql`now()`),
    gt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${SESSION_IDLE_SECONDS})`),
  );

/** A user's live sessions, latest seen first, each with the device its login was recorded with (one query). */
export async function sessionsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserSessions> {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: sessions.id,
        ip: sessions.ip,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        expiresAt: sessions.expiresAt,
        userAgent: loginRecords.userAgent,
      })
      .from(sessions)
      .leftJoin(loginRecords, and(eq(loginRecords.sessionId, sessions.id), eq(loginRecords.userId, userId)))
      .where(liveFilter(userId))
      .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(sessions).where(liveFilter(userId)),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      device: deviceName(r.userAgent),
      ip: r.ip,
      created_at: seconds(r.createdAt),
      last_seen_at: seconds(r.lastSeenAt),
      expires_at: seconds(r.expiresAt),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}

/** Every login and registration of a user, newest first: when, from where, on which device. */
export async function loginsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserLogins> {
  const filter = eq(loginRecords.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(loginRecords)
      .where(filter)
      .orderBy(desc(loginRecords.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(loginRecords).where(filter),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind as 'login' | 'register',
      device: deviceName(r.userAgent),
      user_agent: r.userAgent,
      ip: r.ip,
      at: seconds(r.createdAt),
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}

/** Customer service signs a user out everywhere (a lost phone, a shared device), audited with the sessions ended. */
export async function revokeSessionsByOperator(
  db: Db,
  act: OperatorAct<{ reason: string }, { id: number }>,
): Promise<{ revoked: number }> {
  const userId = act.params.id;
  if (!(await findUser(db, userId))) throw new AppError('user_not_found');
  return db.transaction(async (tx) => {
    const ended = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .for('update');
    await revokeUserSessions(tx, userId);
    await audit(tx, {
      operator: act.operator,
      action: 'user.sessions_revoke',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: {
        before: { live_sessions: ended.length },
        after: { live_sessions: 0 },
        sessions: ended.map((s) => s.id),
      },
      ip: act.ip,
    });
    return { revoked: ended.length };
  });
}
