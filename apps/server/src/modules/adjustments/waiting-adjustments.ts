import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { formatMoney, type ApprovalItem } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { countsByOperator, type Waiting } from '../../platform/live/waiting.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { balanceAdjustments } from './adjustments.table.ts';

/**
 * Balance adjustments held for a second operator, and the newest, for the console's live queues; `by` counts each
 * requester's own (the request is their first approval: those wait for someone else).
 */
export async function waitingAdjustments(db: DbOrTx): Promise<Waiting> {
  const rows = (
    await db.execute<{ who: string; n: string; latest: string | null }>(
      sql`SELECT ${balanceAdjustments.requestedBy} AS who, count(*) AS n, max(${balanceAdjustments.id}) AS latest
            FROM ${balanceAdjustments} WHERE ${balanceAdjustments.status} = 'pending' GROUP BY 1`,
    )
  ).rows;
  return {
    count: rows.reduce((n, r) => n + Number(r.n), 0),
    latest: rows.reduce((m, r) => Math.max(m, Number(r.latest ?? 0)), 0),
    by: countsByOperator(rows),
  };
}

/** Held adjustments someone other than `notBy` requested, oldest first, for that operator's approvals queue. */
export async function adjustmentsWaiting(db: DbOrTx, notBy: string): Promise<ApprovalItem[]> {
  const rows = await db
    .select()
    .from(balanceAdjustments)
    .where(and(eq(balanceAdjustments.status, 'pending'), ne(balanceAdjustments.requestedBy, notBy)))
    .orderBy(asc(balanceAdjustments.id))
    .limit(200);
  return rows.map((r) => ({
    kind: 'adjustment',
    id: r.id,
    user_id: r.userId,
    amount: formatMoney(r.amount),
    subject: `${r.direction} · ${r.category}`,
    first_by: r.requestedBy,
    first_reason: r.reason,
    created_at: seconds(r.createdAt)!,
  }));
}
