import { count, desc, eq } from 'drizzle-orm';
import type { AdminUserLogins, AdminUserSessions } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { liveSessionsOf, revokeUserSessions, unexpiredSessionIds } from '../auth/index.ts';
import { sessionAgents } from './security.service.ts';
import { findUser } from '../users/index.ts';
import { deviceName } from '../../platform/http/device-name.ts';
import { loginRecords } from './security.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

/** A user's live sessions, latest seen first, each with the device its login was recorded with. */
export async function sessionsForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserSessions> {
  const { rows, total } = await liveSessionsOf(db, userId, { limit: q.size, offset: (q.page - 1) * q.size });
  const agents = await sessionAgents(
    db,
    userId,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => ({
      id: r.id,
      device: deviceName(agents.get(r.id)),
      ip: r.ip,
      created_at: seconds(r.createdAt),
      last_seen_at: seconds(r.lastSeenAt),
      expires_at: seconds(r.expiresAt),
    })),
    total,
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
    const ended = await unexpiredSessionIds(tx, userId);
    await revokeUserSessions(tx, userId);
    await audit(tx, {
      operator: act.operator,
      action: 'user.sessions_revoke',
      target: `user:${userId}`,
      reason: act.body.reason,
      details: {
        before: { live_sessions: ended.length },
        after: { live_sessions: 0 },
        sessions: ended,
      },
      ip: act.ip,
    });
    return { revoked: ended.length };
  });
}
