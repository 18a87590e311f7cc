import { asc, eq, sql } from 'drizzle-orm';
import {
  operatorRoleSchema,
  roleHasPower,
  roleWithin,
  type HeldChange,
  type Operator,
  type OperatorRole,
} from '@app/contracts';
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

/**
 * An admin invites an operator by name and role. A role with power over money or operators (`roleHasPower`) is
 * held for a second admin (`operator.invite`); the approval makes the invitation and shows its ticket to the
 * checker alone, so no admin can make and accept a second admin or a finance reviewer of their own. Any other
 * role is invited at once and its ticket shown to the inviter once.
 */
export async function inviteOperator(
  db: Db,
  act: OperatorAct<{ name: string; role: OperatorRole; reason: string }>,
): Promise<{ operator: Operator; ticket: string; expires_at: number } | { held: HeldChange }> {
  return db.transaction(async (tx) => {
    const { name, role } = act.body;
    if (roleHasPower(role)) {
      const [taken] = await tx.select({ id: operators.id }).from(operators).where(eq(operators.name, name));
      if (taken) throw new AppError('operator_name_taken', { field: 'name' });
      const held = await holdChange(tx, {
        kind: 'operator.invite',
        target: `operator-name:${name}`,
        permission: 'operators.manage',
        change: { name, role },
        fields: [
          { field: 'name', before: null, after: name },
          { field: 'role', before: null, after: role },
        ],
        act: { operator: act.operator, reason: act.body.reason, ip: act.ip },
      });
      return { held };
    }
    return makeInvitation(tx, { name, role, by: act.operator, reason: act.body.reason, ip: act.ip, details: {} });
  });
}

async function makeInvitation(
  tx: Tx,
  invite: { name: string; role: OperatorRole; by: string; reason: string; ip: string; details: object },
) {
  const [row] = await tx
    .insert(operators)
    .values({ name: invite.name, role: invite.role, createdBy: invite.by })
    .onConflictDoNothing({ target: operators.name })
    .returning();
  if (!row) throw new AppError('operator_name_taken', { field: 'name' });
  const { ticket, expiresAt } = await issueTicket(tx, row.id, 'invite');
  await audit(tx, {
    operator: invite.by,
    action: 'operator.invite',
    target: `operator:${row.id}`,
    reason: invite.reason,
    details: { name: row.name, role: row.role, ...invite.details },
    ip: invite.ip,
  });
  return { operator: operatorView(row), ticket, expires_at: expiresAt };
}

/** Registered by the operators' face: an invitation to a role with power, made once a second admin approves. */
export const operatorInviteOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const name = target.slice('operator-name:'.length);
    const [row] = await tx.select().from(operators).where(eq(operators.name, name));
    // Before and after the proposal no such operator exists; one made since makes the proposal outdated.
    return { name: row ? row.name : null, role: row ? row.role : null };
  },
  apply: async (tx, _target, change, act) => {
    const invitation = await makeInvitation(tx, {
      name: String(change.name),
      role: operatorRoleSchema.parse(change.role),
      by: act.operator,
      reason: act.body.reason,
      ip: act.ip,
      details: { held_change: act.proposal.id, proposed_by: act.proposal.by },
    });
    return {
      invitation: {
        operator_id: invitation.operator.id,
        ticket: invitation.ticket,
        expires_at: invitation.expires_at,
      },
    };
  },
};

type Change = 'role' | 'disable' | 'enable' | 'reset_authenticator';

/**
 * Changes another operator (never oneself: an admin cannot lift or keep their own access alone). A role change,
 * a disable and a reset of the authenticator end every credential the operator holds, sessions and API tokens
 * alike: whoever reset a lost authenticator or moved someone to another desk must not find a token made under
 * the old trust still working (a narrower role alone would leave a token that fits inside it). A role that
 * grants anything the old one did not is held for a second operator (`operator.role`); a narrower one applies
 * at once. Re-enabling a disabled operator is held too (`operator.enable`): it gives back every access they had.
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
    if (change === 'enable' && before.disabledAt) {
      const held = await holdChange(tx, {
        kind: 'operator.enable',
        target: `operator:${before.id}`,
        permission: 'operators.manage',
        change: {},
        fields: [{ field: 'disabled', before: true, after: false }],
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

/** Registered by the operators' face: a disabled operator enabled again, once a second admin approves it. */
export const operatorEnableOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    const [row] = await tx
      .select({ disabledAt: operators.disabledAt })
      .from(operators)
      .where(eq(operators.id, Number(target.split(':')[1])));
    return { disabled: row ? row.disabledAt !== null : null };
  },
  apply: async (tx, target, _change, act) => {
    const [before] = await tx
      .select()
      .from(operators)
      .where(eq(operators.id, Number(target.split(':')[1])))
      .for('update');
    if (!before) throw new AppError('not_found');
    await applyChange(tx, before, 'enable', undefined, act.operator, act, {
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
