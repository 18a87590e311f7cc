import { asc, eq, sql } from 'drizzle-orm';
import { operatorRoleSchema, roleWithin, type HeldChange, type Operator, type OperatorRole } from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorIdentity } from '../../platform/http/operator-auth.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { operatorApiTokens, operatorRecoveryCodes, operators } from './operators.table.ts';
import { closeSessionsOf } from './operator-sessions.ts';
import { issueTicket } from './tickets.ts';
import { operatorView, type OperatorRow } from './operator-view.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';

export async function listOperators(db: Db): Promise<Operator[]> {
  const rows = await db.select().from(operators).orderBy(asc(operators.id));
  return rows.map(operatorView);
}

export async function findOperator(db: Db, id: number): Promise<Operator | null> {
  const [row] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return row ? operatorView(row) : null;
}

/** An admin invites an operator by name and role; the invitation's ticket is shown to the admin once. */
export async function inviteOperator(db: Db, act: OperatorAct<{ name: string; role: OperatorRole; reason: string }>) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(operators)
      .values({ name: act.body.name, role: act.body.role, createdBy: act.operator })
      .onConflictDoNothing({ target: operators.name })
      .returning();
    if (!row) throw new AppError('operator_name_taken', { field: 'name' });
    const { ticket, expiresAt } = await issueTicket(tx, row.id, 'invite');
    await audit(tx, {
      operator: act.operator,
      action: 'operator.invite',
      target: `operator:${row.id}`,
      reason: act.body.reason,
      details: { name: row.name, role: row.role },
      ip: act.ip,
    });
    return { operator: operatorView(row), ticket, expires_at: expiresAt };
  });
}

type Change = 'role' | 'disable' | 'enable' | 'reset_authenticator';

/**
 * Changes another operator (never oneself: an admin cannot lift or keep their own access alone). A role change,
 * a disable and a reset of the authenticator end every credential the operator holds, sessions and API tokens
 * alike: whoever reset a lost authenticator or moved someone to another desk must not find a token made under
 * the old trust still working (a narrower role alone would leave a token that fits inside it). A role that
 * grants anything the old one did not is held for a second operator (`operator.role`); a narrower one applies
 * at once.
 */
export async function changeOperator(
  db: Db,
  who: OperatorIdentity,
  change: Change,
  act: OperatorAct<{ reason: string; role?: OperatorRole }, { id: number }>,
): Promise<{ operator: Operator; held: HeldChange | null }> {
  if (act.params.id === who.id) throw new AppError('second_operator_required');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(operators).where(eq(operators.id, act.params.id)).for('update');
    if (!before) throw new AppError('not_found');
    const role = act.body.role;
    if (change === 'role' && role && !roleWithin(role, before.role as OperatorRole)) {
      const held = await holdChange(tx, {
        kind: 'operator.role',
        target: `operator:${before.id}`,
        permission: 'operators.manage',
        change: { role },
        fields: [{ field: 'role', before: before.role, after: role }],
        act: { operator: who.name, reason: act.body.reason, ip: act.ip },
      });
      return { operator: operatorView(before), held };
    }
    return { operator: await applyChange(tx, before, change, role, who.name, act, {}), held: null };
  });
}

async function applyChange(
  tx: Tx,
  before: OperatorRow,
  change: Change,
  role: OperatorRole | undefined,
  by: string,
  act: { body: { reason: string }; ip: string },
  details: Record<string, unknown>,
): Promise<Operator> {
  const [after] = await tx.update(operators).set(changeOf(change, role)).where(eq(operators.id, before.id)).returning();
  if (change === 'reset_authenticator')
    await tx.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.operatorId, before.id));
  if (change !== 'enable') {
    await revokeTokensOf(tx, before.id);
    await closeSessionsOf(tx, before.id);
  }
  await audit(tx, {
    operator: by,
    action: `operator.${change}`,
    target: `operator:${before.id}`,
    reason: act.body.reason,
    details: { before: operatorView(before), after: operatorView(after!), ...details },
    ip: act.ip,
  });
  return operatorView(after!);
}

/** Registered by the operators' face: a wider role, applied once a second operator approves it. */
export const operatorRoleOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const [row] = await tx
      .select({ role: operators.role })
      .from(operators)
      .where(eq(operators.id, Number(target.split(':')[1])));
    return { role: row?.role ?? null };
  },
  apply: async (tx, target, change, act) => {
    const [before] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, Number(target.split(':')[1])))
      .for('update');
    if (!before) throw new AppError('not_found');
    // Nobody approves a wider role for themselves: that would be one operator lifting their own access.
    if (before.name === act.operator) throw new AppError('second_operator_required');
    await applyChange(tx, before, 'role', operatorRoleSchema.parse(change.role), act.operator, act, {
      held_change: act.proposal.id,
      proposed_by: act.proposal.by,
    });
  },
};

function changeOf(change: Change, role: OperatorRole | undefined) {
  switch (change) {
    case 'role':
      if (!role) throw new AppError('invalid_request', { field: 'role' });
      return { role };
    case 'disable':
      return { disabledAt: sql`coalesce(${operators.disabledAt}, now())` };
    case 'enable':
      return { disabledAt: null };
    case 'reset_authenticator':
      return { totpSecret: null, totpEnrolledAt: null, lastTotpStep: null };
  }
}

async function revokeTokensOf(tx: Tx, operatorId: number) {
  await tx
    .update(operatorApiTokens)
    .set({ revokedAt: sql`coalesce(${operatorApiTokens.revokedAt}, now())` })
    .where(eq(operatorApiTokens.operatorId, operatorId));
}
