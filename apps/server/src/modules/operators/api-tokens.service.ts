import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { roleWithin, type ApiToken, type OperatorRole } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorIdentity } from '../../platform/http/operator-auth.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { hashToken } from '../auth/index.ts';
import { operatorApiTokens, operators } from './operators.table.ts';
import { seconds } from '../../platform/time/epoch.ts';

/** Tokens are recognisable in a leaked log or file by their prefix; the rest is 256 random bits. */
const PREFIX = 'opk_';
const TOUCH_AFTER_SECONDS = 60;

type TokenRow = typeof operatorApiTokens.$inferSelect;

function tokenView(row: TokenRow, operator: string): ApiToken {
  return {
    id: row.id,
    operator,
    label: row.label,
    role: row.role as OperatorRole,
    created_at: seconds(row.createdAt),
    last_used_at: seconds(row.lastUsedAt),
    expires_at: seconds(row.expiresAt),
    revoked: row.revokedAt !== null,
  };
}

/**
 * A token for the CLI or a script, acting as the operator who makes it with at most that operator's role.
 * Made from a console session only: a token cannot mint tokens.
 */
export async function createApiToken(
  db: Db,
  who: OperatorIdentity,
  act: OperatorAct<{ label: string; role: OperatorRole; days?: number | undefined; reason: string }>,
): Promise<{ token: string; item: ApiToken }> {
  if (who.via !== 'session' || !roleWithin(act.body.role, who.role)) throw new AppError('permission_denied');
  const token = PREFIX + randomBytes(32).toString('base64url');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operatorApiTokens)
      .values({
        operatorId: who.id,
        label: act.body.label,
        role: act.body.role,
        tokenHash: hashToken(token),
        expiresAt: act.body.days ? sql`now() + make_interval(days => ${act.body.days})` : null,
      })
      .returning();
    await audit(tx, {
      operator: who.name,
      action: 'operator.token_create',
      target: `operator:${who.id}`,
      reason: act.body.reason,
      details: { token_id: row!.id, label: act.body.label, role: act.body.role, days: act.body.days ?? null },
      ip: act.ip,
    });
    return { token, item: tokenView(row!, who.name) };
  });
}

/** The operator an API token stands for, with the token's role; null when unknown, revoked, expired or disabled. */
export async function tokenOperator(db: DbOrTx, token: string): Promise<OperatorIdentity | null> {
  if (!token.startsWith(PREFIX) || token.length > 100) return null;
  const [row] = await db
    .select({
      tokenId: operatorApiTokens.id,
      role: operatorApiTokens.role,
      operatorRole: operators.role,
      idle: sql<number | null>`extract(epoch from now() - ${operatorApiTokens.lastUsedAt})::float8`,
      id: operators.id,
      name: operators.name,
    })
    .from(operatorApiTokens)
    .innerJoin(operators, eq(operators.id, operatorApiTokens.operatorId))
    .where(
      and(
        eq(operatorApiTokens.tokenHash, hashToken(token)),
        isNull(operatorApiTokens.revokedAt),
        or(isNull(operatorApiTokens.expiresAt), gt(operatorApiTokens.expiresAt, sql`now()`)),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const role = row.role as OperatorRole;
  // An operator whose role was narrowed after the token was made: the token narrows with it.
  if (!roleWithin(role, row.operatorRole as OperatorRole)) return null;
  if (row.idle === null || row.idle > TOUCH_AFTER_SECONDS)
    await db
      .update(operatorApiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(operatorApiTokens.id, row.tokenId));
  return { id: row.id, name: row.name, role, via: 'token', sessionId: null, tokenId: row.tokenId };
}

/** One operator's tokens, or (operators.manage) everyone's. */
export async function listApiTokens(db: DbOrTx, operatorId?: number): Promise<ApiToken[]> {
  const rows = await db
    .select({ token: operatorApiTokens, name: operators.name })
    .from(operatorApiTokens)
    .innerJoin(operators, eq(operators.id, operatorApiTokens.operatorId))
    .where(operatorId === undefined ? undefined : eq(operatorApiTokens.operatorId, operatorId))
    .orderBy(desc(operatorApiTokens.id))
    .limit(500);
  return rows.map(({ token, name }) => tokenView(token, name));
}

/** Revokes a token: one's own, or anyone's with operators.manage. */
export async function revokeApiToken(
  db: Db,
  who: OperatorIdentity,
  mayManage: boolean,
  act: OperatorAct<{ reason: string }, { id: number }>,
): Promise<ApiToken> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: operatorApiTokens, name: operators.name })
      .from(operatorApiTokens)
      .innerJoin(operators, eq(operators.id, operatorApiTokens.operatorId))
      .where(eq(operatorApiTokens.id, act.params.id))
      .for('update');
    if (!found || (found.token.operatorId !== who.id && !mayManage)) throw new AppError('not_found');
    const [row] = await tx
      .update(operatorApiTokens)
      .set({ revokedAt: sql`coalesce(${operatorApiTokens.revokedAt}, now())` })
      .where(eq(operatorApiTokens.id, act.params.id))
      .returning();
    await audit(tx, {
      operator: who.name,
      action: 'operator.token_revoke',
      target: `operator:${found.token.operatorId}`,
      reason: act.body.reason,
      details: { token_id: act.params.id, label: found.token.label },
      ip: act.ip,
    });
    return tokenView(row!, found.name);
  });
}
