import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import {
  formatMoney,
  parseMoney,
  type AdminCase,
  type AdminCaseDetail,
  type CaseDecisionTimes,
  type CaseKind,
  type CaseState,
  type UserCase,
} from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { OperatorAct } from '../../platform/http/operator-act.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { adjustmentReference, adjustmentsById, holdCredit, type AdjustmentDecided } from '../adjustments/index.ts';
import { postInboxMessage } from '../inbox/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import { accountOf } from '../users/index.ts';
import { contestedItem } from './evidence.ts';
import { userCases } from './cases.table.ts';

type Row = typeof userCases.$inferSelect;

function userView(row: Row): UserCase {
  const corrected = row.state === 'decided' && row.outcome === 'corrected';
  return {
    id: row.id,
    kind: row.kind as CaseKind,
    item_id: row.itemId,
    text: row.text,
    upload_id: row.uploadId,
    state: row.state as CaseState,
    outcome: (row.outcome as UserCase['outcome']) ?? null,
    reason: row.state === 'decided' ? row.reason : null,
    amount: corrected && row.amount !== null ? formatMoney(row.amount) : null,
    journal_reference: corrected && row.adjustmentId !== null ? adjustmentReference(row.adjustmentId) : null,
    created_at: seconds(row.createdAt)!,
    decided_at: seconds(row.decidedAt),
  };
}

/** A user opens a case: the item must be theirs and contestable, with no other undecided case. */
export async function openCase(
  db: Db,
  store: UploadStore,
  input: { userId: number; kind: CaseKind; itemId: number; text: string; uploadId: string | undefined },
): Promise<UserCase> {
  const evidence = await contestedItem(db, input.userId, input.kind, input.itemId);
  if (input.uploadId !== undefined) {
    const upload = await store.meta(db, input.uploadId);
    // Someone else's file reads exactly like a missing one.
    if (!upload || upload.userId !== input.userId) throw new AppError('no_data', { field: 'upload_id' });
  }
  const [row] = await db
    .insert(userCases)
    .values({
      userId: input.userId,
      kind: input.kind,
      itemId: input.itemId,
      text: input.text,
      uploadId: input.uploadId ?? null,
      evidence,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('case_already_open', { field: 'item_id' });
  return userView(row);
}

export async function userCaseList(db: DbOrTx, userId: number): Promise<{ items: UserCase[] }> {
  const rows = await db
    .select()
    .from(userCases)
    .where(eq(userCases.userId, userId))
    .orderBy(desc(userCases.id))
    .limit(200);
  return { items: rows.map(userView) };
}

/** One of the user's cases; someone else's reads like a missing one. */
export async function userCase(db: DbOrTx, userId: number, id: number): Promise<UserCase> {
  const [row] = await db
    .select()
    .from(userCases)
    .where(and(eq(userCases.id, id), eq(userCases.userId, userId)));
  if (!row) throw new AppError('no_data');
  return userView(row);
}

// ---------- operators ----------

async function adminViews(db: DbOrTx, rows: Array<Row & { account: string }>): Promise<AdminCase[]> {
  const adjustments = await adjustmentsById(
    db,
    rows.flatMap((r) => (r.adjustmentId === null ? [] : [r.adjustmentId])),
  );
  return rows.map((r) => {
    const a = r.adjustmentId === null ? undefined : adjustments.get(r.adjustmentId);
    return {
      ...userView(r),
      // Operators read the reason of a case's latest act even before it is final.
      reason: r.reason,
      user_id: r.userId,
      account: r.account,
      decided_by: r.decidedBy,
      correction: a
        ? {
            adjustment_id: a.id,
            amount: a.amount,
            status: a.status,
            requested_by: a.requested_by,
            decided_by: a.decided_by,
            journal_reference: a.status === 'posted' ? adjustmentReference(a.id) : null,
          }
        : null,
    };
  });
}

/** The operators' queue: open cases first (oldest first), then those waiting for a correction, then decided. */
export async function adminCaseList(
  db: DbOrTx,
  q: { state?: CaseState | '' | undefined; page: number; size: number },
): Promise<{ items: AdminCase[]; total: number; page: number }> {
  const filter = q.state ? eq(userCases.state, q.state) : undefined;
  const order = sql`CASE ${userCases.state} WHEN 'open' THEN 0 WHEN 'correcting' THEN 1 ELSE 2 END`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: userCases, account: accountOf(userCases.userId) })
      .from(userCases)
      .where(filter)
      .orderBy(order, asc(userCases.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(userCases).where(filter),
  ]);
  return {
    items: await adminViews(
      db,
      rows.map((r) => ({ ...r.row, account: r.account })),
    ),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}

async function adminRow(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ row: userCases, account: accountOf(userCases.userId) })
    .from(userCases)
    .where(eq(userCases.id, id));
  if (!found) throw new AppError('no_data');
  return { ...found.row, account: found.account };
}

export async function adminCaseDetail(db: DbOrTx, id: number): Promise<AdminCaseDetail> {
  const row = await adminRow(db, id);
  const [view] = await adminViews(db, [row]);
  return { ...view!, evidence: row.evidence };
}

/** The user's image attached to a case, for the operators deciding it (each reading audited with its reason). */
export async function readCaseFile(
  db: Db,
  store: UploadStore,
  id: number,
  act: { operator: string; reason: string; ip: string },
) {
  const [row] = await db.select().from(userCases).where(eq(userCases.id, id));
  if (!row || row.uploadId === null) throw new AppError('no_data');
  const found = await store.read(db, row.uploadId);
  if (!found) throw new AppError('no_data');
  await audit(db, {
    operator: act.operator,
    action: 'case.file_read',
    target: `case:${id}`,
    reason: act.reason,
    details: { upload: row.uploadId },
    ip: act.ip,
  });
  return found;
}

type DecideBody = { outcome: 'upheld' | 'corrected'; reason: string; amount?: string | undefined };

/**
 * An operator decides an open case. Upheld ends it at once (nothing changes) and tells the user. Corrected
 * proposes a credit to the user as a held balance adjustment: the case waits ("correcting") until a second,
 * different operator approves it (then it is decided and the user is told) or refuses it (then it is open again).
 */
export async function decideCase(db: Db, act: OperatorAct<DecideBody, { id: number }>): Promise<AdminCaseDetail> {
  const amount = act.body.outcome === 'corrected' ? parseMoney(act.body.amount ?? '') : null;
  if (act.body.outcome === 'corrected' && (amount === null || amount <= 0n))
    throw new AppError(act.body.amount ? 'invalid_request' : 'please_fill_in', { field: 'amount' });
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(userCases).where(eq(userCases.id, act.params.id)).for('update');
    if (!row) throw new AppError('no_data');
    if (row.state !== 'open') throw new AppError('review_already_decided');
    if (act.body.outcome === 'upheld') {
      const [decided] = await tx
        .update(userCases)
        .set({
          state: 'decided',
          outcome: 'upheld',
          reason: act.body.reason,
          decidedBy: act.operator,
          decidedAt: sql`now()`,
        })
        .where(eq(userCases.id, row.id))
        .returning();
      await audit(tx, {
        operator: act.operator,
        action: 'case.uphold',
        target: `case:${row.id}`,
        reason: act.body.reason,
        details: { user: row.userId, kind: row.kind, item: row.itemId },
        ip: act.ip,
      });
      await tellUser(tx, decided!);
      return;
    }
    const adjustment = await holdCredit(tx, {
      userId: row.userId,
      amount: amount!,
      reason: `case #${row.id}: ${act.body.reason}`,
      operator: act.operator,
      ip: act.ip,
      source: `case:${row.id}`,
    });
    await tx
      .update(userCases)
      .set({
        state: 'correcting',
        reason: act.body.reason,
        amount: amount!,
        adjustmentId: adjustment.id,
        decidedBy: act.operator,
      })
      .where(eq(userCases.id, row.id));
    await audit(tx, {
      operator: act.operator,
      action: 'case.correct',
      target: `case:${row.id}`,
      reason: act.body.reason,
      details: {
        user: row.userId,
        kind: row.kind,
        item: row.itemId,
        adjustment: adjustment.id,
        amount: adjustment.amount,
      },
      ip: act.ip,
    });
  });
  return adminCaseDetail(db, act.params.id);
}

/**
 * A held adjustment was decided (modules/adjustments' hook, in its transaction): a case waiting on it is decided as
 * corrected when it was posted, and open again when it was refused.
 */
export async function onAdjustmentDecided(tx: Tx, decided: AdjustmentDecided): Promise<void> {
  const [row] = await tx
    .select()
    .from(userCases)
    .where(and(eq(userCases.adjustmentId, decided.id), eq(userCases.state, 'correcting')))
    .for('update');
  if (!row) return;
  if (decided.status === 'refused') {
    await tx
      .update(userCases)
      .set({ state: 'open', reason: null, amount: null, decidedBy: null })
      .where(eq(userCases.id, row.id));
    await audit(tx, {
      operator: decided.decidedBy,
      action: 'case.correction_refused',
      target: `case:${row.id}`,
      reason: decided.reason,
      details: { adjustment: decided.id },
    });
    return;
  }
  const [done] = await tx
    .update(userCases)
    .set({ state: 'decided', outcome: 'corrected', decidedAt: sql`now()` })
    .where(eq(userCases.id, row.id))
    .returning();
  await audit(tx, {
    operator: decided.decidedBy,
    action: 'case.correction_applied',
    target: `case:${row.id}`,
    reason: decided.reason,
    details: { adjustment: decided.id, journal: decided.journalReference, proposed_by: row.decidedBy },
  });
  await tellUser(tx, done!);
}

async function tellUser(tx: Tx, row: Row) {
  await postInboxMessage(tx, {
    userId: row.userId,
    kind: row.outcome === 'corrected' ? 'case_corrected' : 'case_upheld',
    params: {
      id: row.id,
      reason: row.reason ?? '',
      ...(row.amount !== null ? { amount: formatMoney(row.amount) } : {}),
    },
    reference: `case:${row.id}:decided`,
  });
}

/** Cases decided in the `days` before `now` (seconds) and the median time from opened to decided. */
export async function caseDecisionTimes(db: DbOrTx, now: number, days = 30): Promise<CaseDecisionTimes> {
  const result = await db.execute<{ n: number; median: string | null }>(sql`
    SELECT count(*)::int AS n,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM ${userCases.decidedAt} - ${userCases.createdAt}))::text AS median
    FROM ${userCases}
    WHERE ${userCases.decidedAt} IS NOT NULL AND ${userCases.decidedAt} > to_timestamp(${now - days * 86_400})`);
  const row = result.rows[0]!;
  return {
    days,
    decided: row.n,
    median_seconds: row.median === null ? null : Math.round(Number(row.median)),
  };
}
