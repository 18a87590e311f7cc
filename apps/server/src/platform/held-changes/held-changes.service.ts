import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  PERMISSIONS,
  roleAllows,
  type ApprovalItem,
  type HeldChange,
  type HeldChangeDecision,
  type HeldChangeField,
  type HeldChangeKind,
  type HeldChangeStatus,
  type Permission,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../db/client.ts';
import { audit } from '../audit/audit.service.ts';
import { AppError } from '../http/app-error.ts';
import type { OperatorAct } from '../http/operator-act.ts';
import type { OperatorIdentity } from '../http/operator-auth.ts';
import { seconds } from '../time/epoch.ts';
import type { Waiting } from '../live/waiting.ts';
import { heldChanges } from './held-changes.table.ts';

/**
 * The two-operator rule of the operators module (`fourEyesStep`), which the operator app passes in: the same
 * rule decides a held change as a large deposit, and this part, below every module, cannot import it.
 */
export type FourEyes = (
  db: DbOrTx,
  decision: { first: string | null; by: string; permission: Permission },
) => Promise<{ step: 'first'; lapsed: string | null } | { step: 'second'; first: string }>;

type Row = typeof heldChanges.$inferSelect;
type Value = HeldChangeField['before'];

/** What the module that owns a kind of held change does with it. */
export type HeldChangeOwner = {
  /** The values in force now of the fields a proposal names, in the form its `fields` recorded them. */
  current: (tx: Tx, target: string) => Promise<Record<string, Value>>;
  /**
   * Applies an approved change in the approval's transaction, checked and audited by the owner as a change of its
   * own, made by the checker, naming the proposal (and so its maker).
   */
  apply: (
    tx: Tx,
    target: string,
    change: Record<string, unknown>,
    act: OperatorAct<{ reason: string }> & { proposal: { id: number; by: string } },
  ) => Promise<void | { invitation: { operator_id: number; ticket: string; expires_at: number } }>;
};

const owners = new Map<HeldChangeKind, HeldChangeOwner>();

/**
 * The module that owns a kind registers it from its face, as a hook's listener does (docs/server.md): the changes
 * are held here, below every module, since the owners (wallet, market, invest, operators) sit all over the graph.
 */
export function ownHeldChanges(kind: HeldChangeKind, owner: HeldChangeOwner) {
  owners.set(kind, owner);
}

const view = (row: Row): HeldChange => ({
  id: row.id,
  kind: row.kind as HeldChangeKind,
  target: row.target,
  permission: row.permission as Permission,
  fields: row.fields,
  status: row.status as HeldChangeStatus,
  proposed_by: row.proposedBy,
  proposal_reason: row.proposalReason,
  decided_by: row.decidedBy,
  decision_reason: row.decisionReason,
  created_at: seconds(row.createdAt),
  decided_at: seconds(row.decidedAt),
});

/**
 * Holds a change that weakens a control for a second operator instead of applying it, in the caller's
 * transaction; nothing of it takes effect now. The proposal is audited with its fields and the maker's reason.
 */
export async function holdChange(
  tx: Tx,
  proposal: {
    kind: HeldChangeKind;
    target: string;
    permission: Permission;
    change: Record<string, unknown>;
    fields: HeldChangeField[];
    act: { operator: string; reason: string; ip: string };
  },
): Promise<HeldChange> {
  const [row] = await tx
    .insert(heldChanges)
    .values({
      kind: proposal.kind,
      target: proposal.target,
      permission: proposal.permission,
      change: proposal.change,
      fields: proposal.fields,
      proposedBy: proposal.act.operator,
      proposalReason: proposal.act.reason,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('change_already_pending');
  await audit(tx, {
    operator: proposal.act.operator,
    action: 'held_change.propose',
    target: proposal.target,
    reason: proposal.act.reason,
    details: { held_change: row.id, kind: proposal.kind, fields: proposal.fields },
    ip: proposal.act.ip,
  });
  return view(row);
}

/** Held changes the caller's role may decide, newest first. */
export async function listHeldChanges(db: DbOrTx, who: OperatorIdentity, status?: HeldChangeStatus) {
  const mine = PERMISSIONS.filter((p) => roleAllows(who.role, p));
  const rows = await db
    .select()
    .from(heldChanges)
    .where(and(inArray(heldChanges.permission, mine), status ? eq(heldChanges.status, status) : undefined))
    .orderBy(desc(heldChanges.id))
    .limit(200);
  return rows.map(view);
}

const same = (a: Value | undefined, b: Value) => (a ?? null) === b;

/**
 * A second operator's decision. Approval takes a different operator whose proposal-maker still counts
 * (`fourEyesStep`) and a control still as it was when proposed (else `held_change_outdated`: approving would
 * apply something nobody proposed over what is in force now); the owner then applies it. A refusal changes
 * nothing and may come from anyone who could decide it, the maker withdrawing their own included.
 */
export async function decideHeldChange(
  db: Db,
  fourEyesStep: FourEyes,
  who: OperatorIdentity,
  decision: 'approve' | 'refuse',
  act: OperatorAct<{ reason: string }, { id: number }>,
): Promise<HeldChangeDecision> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(heldChanges).where(eq(heldChanges.id, act.params.id)).for('update');
    if (!row) throw new AppError('not_found');
    if (!roleAllows(who.role, row.permission as Permission)) throw new AppError('permission_denied');
    if (row.status !== 'pending') throw new AppError('review_already_decided');
    let outcome: Awaited<ReturnType<HeldChangeOwner['apply']>> = undefined;
    if (decision === 'approve') {
      const look = await fourEyesStep(tx, {
        first: row.proposedBy,
        by: who.name,
        permission: row.permission as Permission,
      });
      if (look.step === 'first') throw new AppError('first_approval_lapsed');
      const owner = owners.get(row.kind as HeldChangeKind);
      if (!owner) throw new Error(`no owner of held changes of kind ${row.kind}: load the module that owns it`);
      const now = await owner.current(tx, row.target);
      if (row.fields.some((f) => !same(now[f.field], f.before))) throw new AppError('held_change_outdated');
      outcome = await owner.apply(tx, row.target, row.change, {
        operator: who.name,
        ip: act.ip,
        body: { reason: act.body.reason },
        params: {},
        proposal: { id: row.id, by: row.proposedBy },
      });
    }
    const [decided] = await tx
      .update(heldChanges)
      .set({
        status: decision === 'approve' ? 'applied' : 'refused',
        decidedBy: who.name,
        decisionReason: act.body.reason,
        decidedAt: sql`now()`,
      })
      .where(eq(heldChanges.id, row.id))
      .returning();
    await audit(tx, {
      operator: who.name,
      action: `held_change.${decision}`,
      target: row.target,
      reason: act.body.reason,
      details: {
        held_change: row.id,
        kind: row.kind,
        proposed_by: row.proposedBy,
        proposal_reason: row.proposalReason,
        fields: row.fields,
      },
      ip: act.ip,
    });
    return { ...view(decided!), ...(outcome ?? {}) };
  });
}

/**
 * Pending held changes by the permission that decides them, with the newest and each maker's own count (a change
 * does not wait for the operator who proposed it), for the console's live queues.
 */
export async function waitingHeldChanges(db: DbOrTx): Promise<Partial<Record<Permission, Waiting>>> {
  const rows = (
    await db.execute<{ permission: Permission; who: string; n: string; latest: string }>(
      sql`SELECT ${heldChanges.permission} AS permission, ${heldChanges.proposedBy} AS who, count(*) AS n,
                 max(${heldChanges.id}) AS latest
            FROM ${heldChanges} WHERE ${heldChanges.status} = 'pending' GROUP BY 1, 2`,
    )
  ).rows;
  const out: Partial<Record<Permission, Waiting>> = {};
  for (const r of rows) {
    const w = (out[r.permission] ??= { count: 0, latest: 0, by: {} });
    w.count += Number(r.n);
    w.latest = Math.max(w.latest, Number(r.latest));
    w.by![r.who] = Number(r.n);
  }
  return out;
}

/** Pending held changes `who` may decide and did not propose, oldest first, for their approvals queue. */
export async function heldChangesWaitingFor(db: DbOrTx, who: OperatorIdentity): Promise<ApprovalItem[]> {
  const mine = PERMISSIONS.filter((p) => roleAllows(who.role, p));
  const rows = await db
    .select()
    .from(heldChanges)
    .where(
      and(
        eq(heldChanges.status, 'pending'),
        inArray(heldChanges.permission, mine),
        ne(heldChanges.proposedBy, who.name),
      ),
    )
    .orderBy(asc(heldChanges.id))
    .limit(200);
  return rows.map((r) => ({
    kind: 'held_change',
    id: r.id,
    user_id: null,
    amount: null,
    subject: r.target,
    first_by: r.proposedBy,
    first_reason: r.proposalReason,
    created_at: seconds(r.createdAt)!,
    fields: r.fields,
  }));
}
