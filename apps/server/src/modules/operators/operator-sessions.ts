import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { ROLE_PERMISSIONS, type OperatorRole, type OperatorSession } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import type { OperatorIdentity } from '../../platform/http/operator-auth.ts';
import { hashToken } from '../auth/index.ts';
import { operatorSessions, operators } from './operators.table.ts';
import { operatorView, type OperatorRow } from './operator-view.ts';
import { seconds } from '../../platform/time/epoch.ts';

/** A console session ends after 30 idle minutes, and after 12 hours whatever happens: a working day. */
export const OPERATOR_IDLE_SECONDS = 30 * 60;
export const OPERATOR_ABSOLUTE_SECONDS = 12 * 3600;
const TOUCH_AFTER_SECONDS = 60;

export type ClientMeta = { ip: string; userAgent: string | undefined };

/**
 * The CSRF token a session's changes carry, derived from the session's own token: the console can ask for it
 * again after a reload (GET /admin/session, same origin only), and a page of another origin, which can
 * neither read the cookie nor that answer, cannot make it.
 */
export const csrfOf = (sessionToken: string) => createHash('sha256').update(`csrf:${sessionToken}`).digest('base64url');

/** Opens a session: the cookie's token and the CSRF token are in this answer only (their hashes are kept). */
export async function openSession(
  db: DbOrTx,
  operator: OperatorRow,
  meta: ClientMeta,
): Promise<{ token: string; session: OperatorSession }> {
  const token = randomBytes(32).toString('base64url');
  const csrf = csrfOf(token);
  const [row] = await db
    .insert(operatorSessions)
    .values({
      operatorId: operator.id,
      tokenHash: hashToken(token),
      csrfHash: hashToken(csrf),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      expiresAt: sql`now() + make_interval(secs => ${OPERATOR_ABSOLUTE_SECONDS})`,
    })
    .returning({ expiresAt: operatorSessions.expiresAt });
  await db
    .update(operators)
    .set({ lastLoginAt: sql`now()` })
    .where(eq(operators.id, operator.id));
  const role = operator.role as OperatorRole;
  return {
    token,
    session: {
      operator: operatorView(operator),
      permissions: [...ROLE_PERMISSIONS[role]],
      csrf_token: csrf,
      expires_at: seconds(row!.expiresAt),
    },
  };
}

/**
 * The operator a session cookie stands for, or null when the session is unknown, revoked, idle too long, past
 * its end, or its operator disabled. A change (any method but GET and HEAD) must also carry the session's CSRF
 * token, which a page of another origin cannot read.
 */
export async function sessionOperator(
  db: DbOrTx,
  token: string,
  csrf: string | undefined,
  isChange: boolean,
): Promise<OperatorIdentity | null> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({
      sessionId: operatorSessions.id,
      csrfHash: operatorSessions.csrfHash,
      idle: sql<number>`extract(epoch from now() - ${operatorSessions.lastSeenAt})::float8`,
      id: operators.id,
      name: operators.name,
      role: operators.role,
    })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        eq(operatorSessions.tokenHash, hashToken(token)),
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${OPERATOR_IDLE_SECONDS})`),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (isChange && !(csrf && sameHash(hashToken(csrf), row.csrfHash))) return null;
  if (row.idle > TOUCH_AFTER_SECONDS)
    await db
      .update(operatorSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(operatorSessions.id, row.sessionId));
  return {
    id: row.id,
    name: row.name,
    role: row.role as OperatorRole,
    via: 'session',
    sessionId: row.sessionId,
    tokenId: null,
  };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export async function closeSession(db: DbOrTx, sessionId: number) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.id, sessionId), isNull(operatorSessions.revokedAt)));
}

/** Ends every session of an operator (disabled, role changed, second factor reset). */
export async function closeSessionsOf(db: DbOrTx, operatorId: number) {
  await db
    .update(operatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(operatorSessions.operatorId, operatorId), isNull(operatorSessions.revokedAt)));
}

/** Live sessions, newest first: one operator's, or everyone's. */
export async function liveSessions(db: DbOrTx, currentSessionId: number | null, operatorId?: number) {
  const rows = await db
    .select({ session: operatorSessions, name: operators.name })
    .from(operatorSessions)
    .innerJoin(operators, eq(operators.id, operatorSessions.operatorId))
    .where(
      and(
        isNull(operatorSessions.revokedAt),
        gt(operatorSessions.expiresAt, sql`now()`),
        gt(operatorSessions.lastSeenAt, sql`now() - make_interval(secs => ${OPERATOR_IDLE_SECONDS})`),
        operatorId === undefined ? undefined : eq(operatorSessions.operatorId, operatorId),
      ),
    )
    .orderBy(desc(operatorSessions.id))
    .limit(200);
  return rows.map(({ session, name }) => ({
    id: session.id,
    operator: name,
    ip: session.ip,
    user_agent: session.userAgent,
    created_at: seconds(session.createdAt),
    last_seen_at: seconds(session.lastSeenAt),
    expires_at: seconds(session.expiresAt),
    current: session.id === currentSessionId,
  }));
}

/** Ends a live session: one's own, or anyone's with operators.manage (a lost laptop, a leaver). Audited. */
export async function revokeOperatorSession(
  db: Db,
  who: OperatorIdentity,
  mayManage: boolean,
  act: OperatorAct<{ reason: string }, { id: number }>,
) {
  const visible = await liveSessions(db, who.sessionId, mayManage ? undefined : who.id);
  const target = visible.find((s) => s.id === act.params.id);
  if (!target) throw new AppError('not_found');
  await db.transaction(async (tx) => {
    await closeSession(tx, target.id);
    await audit(tx, {
      operator: who.name,
      action: 'operator.session_revoke',
      target: `operator-session:${target.id}`,
      reason: act.body.reason,
      details: { of: target.operator, ip: target.ip },
      ip: act.ip,
    });
  });
}
