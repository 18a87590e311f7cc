import { and, desc, eq, inArray } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { formatMoney, parseMoney, type Adjustment } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { houseAccount, postJournal, userAccount } from '../ledger/index.ts';
import { fourEyesStep } from '../operators/index.ts';
import { assertAccountOpen, findUser } from '../users/index.ts';
import { loadSettings } from '../wallet/index.ts';
import { balanceAdjustments } from './adjustments.table.ts';
import { adjustmentHooks } from './adjustment-hooks.ts';
import { seconds } from '../../platform/time/epoch.ts';

type Row = typeof balanceAdjustments.$inferSelect;

function view(row: Row): Adjustment {
  return {
    id: row.id,
    user_id: row.userId,
    direction: row.direction as Adjustment['direction'],
    amount: formatMoney(row.amount),
    category: row.category as Adjustment['category'],
    reason: row.reason,
    status: row.status as Adjustment['status'],
    requested_by: row.requestedBy,
    decided_by: row.decidedBy,
    created_at: seconds(row.createdAt)!,
    decided_at: seconds(row.decidedAt),
  };
}

type RequestBody = { direction: 'credit' | 'debit'; amount: string; category: Adjustment['category']; reason: string };

/**
 * An operator credits or debits a user's available balance. Up to the four-eyes threshold it is posted at once;
 * above it, it is recorded as pending and nothing moves until a second, different operator approves.
 */
export async function requestAdjustment(db: Db, act: OperatorAct<RequestBody, { id: number }>): Promise<Adjustment> {
  const amount = parseMoney(act.body.amount);
  if (amount === null || amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  const user = await findUser(db, act.params.id);
  if (!user) throw new AppError('user_not_found');
  assertAccountOpen(user);
  const settings = await loadSettings(db);
  const held = amount > settings.fourEyesAbove;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(balanceAdjustments)
      .values({
        userId: act.params.id,
        direction: act.body.direction,
        amount,
        category: act.body.category,
        reason: act.body.reason,
        status: held ? 'pending' : 'posted',
        requestedBy: act.operator,
        ...(held ? {} : { decidedBy: act.operator, decidedAt: sql`now()` }),
      })
      .returning();
    await audit(tx, {
      operator: act.operator,
      action: held ? 'adjustment.request' : 'adjustment.post',
      target: `user:${act.params.id}`,
      reason: act.body.reason,
      details: {
        adjustment: row!.id,
        direction: act.body.direction,
        amount: formatMoney(amount),
        category: act.body.category,
      },
      ip: act.ip,
    });
    if (!held) await post(tx, row!);
    return view(row!);
  });
}

/**
 * A credit that always waits for a second, different operator, whatever its size (a case's correction): recorded
 * as pending with nothing moved, in the caller's transaction; the request is its maker's first approval.
 */
export async function holdCredit(
  tx: Tx,
  input: { userId: number; amount: bigint; reason: string; operator: string; ip?: string; source: string },
): Promise<Adjustment> {
  if (input.amount <= 0n) throw new AppError('invalid_request', { field: 'amount' });
  assertAccountOpen((await findUser(tx, input.userId))!);
  const [row] = await tx
    .insert(balanceAdjustments)
    .values({
      userId: input.userId,
      direction: 'credit',
      amount: input.amount,
      category: 'correction',
      reason: input.reason,
      status: 'pending',
      requestedBy: input.operator,
    })
    .returning();
  await audit(tx, {
    operator: input.operator,
    action: 'adjustment.request',
    target: `user:${input.userId}`,
    reason: input.reason,
    details: {
      adjustment: row!.id,
      direction: 'credit',
      amount: formatMoney(input.amount),
      category: 'correction',
      source: input.source,
    },
    ...(input.ip ? { ip: input.ip } : {}),
  });
  return view(row!);
}

/** Adjustments by id (a case's corrections), in one query. */
export async function adjustmentsById(db: DbOrTx, ids: readonly number[]): Promise<Map<number, Adjustment>> {
  const unique = [...new Set(ids)];
  const rows = unique.length
    ? await db.select().from(balanceAdjustments).where(inArray(balanceAdjustments.id, unique))
    : [];
  return new Map(rows.map((r) => [r.id, view(r)]));
}

/** The journal reference a posted adjustment was written under. */
export const adjustmentReference = (id: number) => `adjustment:${id}`;

async function post(tx: Tx, row: Row) {
  const user = userAccount(row.userId, 'available');
  const house = houseAccount('adjustments');
  await postJournal(tx, {
    reference: adjustmentReference(row.id),
    kind: `adjustment_${row.direction}`,
    transfers: [
      row.direction === 'credit'
        ? { from: house, to: user, amount: row.amount }
        : { from: user, to: house, amount: row.amount },
    ],
    memo: { adjustment: row.id, category: row.category },
  });
}

/** The second operator's decision on a pending adjustment: approve posts it, refuse ends it with nothing moved. */
export async function decideAdjustment(
  db: Db,
  decision: 'approve' | 'refuse',
  act: OperatorAct<{ reason: string }, { id: number }>,
): Promise<Adjustment> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(balanceAdjustments)
      .where(eq(balanceAdjustments.id, act.params.id))
      .for('update');
    if (!row) throw new AppError('no_data');
    if (row.status !== 'pending') throw new AppError('review_already_decided');
    // Money is not posted to an account its user closed after the request (a refusal still ends the request).
    if (decision === 'approve') assertAccountOpen((await findUser(tx, row.userId))!);
    // The request is the first approval: once its maker no longer counts, only a refusal (or a new request) is left.
    if (decision === 'approve') {
      const look = await fourEyesStep(tx, { first: row.requestedBy, by: act.operator, permission: 'money.adjust' });
      if (look.step === 'first') throw new AppError('first_approval_lapsed');
    }
    const [updated] = await tx
      .update(balanceAdjustments)
      .set({
        status: decision === 'approve' ? 'posted' : 'refused',
        decidedBy: act.operator,
        decisionReason: act.body.reason,
        decidedAt: sql`now()`,
      })
      .where(eq(balanceAdjustments.id, row.id))
      .returning();
    if (decision === 'approve') await post(tx, updated!);
    await adjustmentHooks.decided.emit(tx, {
      id: row.id,
      userId: row.userId,
      status: decision === 'approve' ? 'posted' : 'refused',
      amount: row.amount,
      decidedBy: act.operator,
      reason: act.body.reason,
      journalReference: decision === 'approve' ? adjustmentReference(row.id) : null,
    });
    await audit(tx, {
      operator: act.operator,
      action: `adjustment.${decision}`,
      target: `user:${row.userId}`,
      reason: act.body.reason,
      details: { adjustment: row.id, requested_by: row.requestedBy, amount: formatMoney(row.amount) },
      ip: act.ip,
    });
    return view(updated!);
  });
}

export async function listAdjustments(
  db: Db,
  query: { status?: Adjustment['status'] | undefined; user_id?: number | undefined },
): Promise<Adjustment[]> {
  const rows = await db
    .select()
    .from(balanceAdjustments)
    .where(
      and(
        query.status ? eq(balanceAdjustments.status, query.status) : undefined,
        query.user_id ? eq(balanceAdjustments.userId, query.user_id) : undefined,
      ),
    )
    .orderBy(desc(balanceAdjustments.id))
    .limit(200);
  return rows.map(view);
}
