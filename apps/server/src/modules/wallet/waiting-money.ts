import { and, asc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import { formatMoney, type ApprovalItem } from '@app/contracts';
import { seconds } from '../../platform/time/epoch.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { countsByOperator, type Waiting } from '../../platform/live/waiting.ts';
import { deposits, withdrawals } from './wallet.table.ts';

/**
 * Recharges and withdrawals waiting for an operator (status 3), those of them waiting for a second approval, and
 * the newest of each (a new one changes it even when another was decided meanwhile), for the console's live queues.
 */
export async function waitingMoney(
  db: DbOrTx,
): Promise<{ deposits: Waiting; withdrawals: Waiting; depositsSecond: Waiting; withdrawalsSecond: Waiting }> {
  const [d] = (
    await db.execute<{ n: string; second: string; latest: string | null }>(
      sql`SELECT count(*) AS n, count(*) FILTER (WHERE ${deposits.firstApprovedBy} IS NOT NULL) AS second,
                 max(${deposits.id}) AS latest
            FROM ${deposits} WHERE ${deposits.status} = 3 AND ${deposits.class} = 0`,
    )
  ).rows;
  const [w] = (
    await db.execute<{ n: string; second: string; latest: string | null }>(
      sql`SELECT count(*) AS n, count(*) FILTER (WHERE ${withdrawals.firstApprovedBy} IS NOT NULL) AS second,
                 max(${withdrawals.id}) AS latest
            FROM ${withdrawals} WHERE ${withdrawals.status} = 3`,
    )
  ).rows;
  // Who gave the first approvals that wait: theirs are not waiting for them.
  const firstBy = async (table: typeof deposits | typeof withdrawals, extra: ReturnType<typeof sql>) =>
    countsByOperator(
      (
        await db.execute<{ who: string; n: string }>(
          sql`SELECT ${table.firstApprovedBy} AS who, count(*) AS n FROM ${table}
               WHERE ${table.status} = 3 AND ${table.firstApprovedBy} IS NOT NULL ${extra} GROUP BY 1`,
        )
      ).rows,
    );
  const [depositsBy, withdrawalsBy] = await Promise.all([
    firstBy(deposits, sql`AND ${deposits.class} = 0`),
    firstBy(withdrawals, sql``),
  ]);
  return {
    deposits: { count: Number(d!.n), latest: Number(d!.latest ?? 0) },
    withdrawals: { count: Number(w!.n), latest: Number(w!.latest ?? 0) },
    depositsSecond: { count: Number(d!.second), latest: Number(d!.latest ?? 0), by: depositsBy },
    withdrawalsSecond: { count: Number(w!.second), latest: Number(w!.latest ?? 0), by: withdrawalsBy },
  };
}

/**
 * Recharges and withdrawals that have their first approval and wait for a second, different operator: those whose
 * first approval someone other than `notBy` gave, oldest first, for that operator's approvals queue.
 */
export async function secondApprovalsWaiting(db: DbOrTx, notBy: string): Promise<ApprovalItem[]> {
  const [d, w] = await Promise.all([
    db
      .select()
      .from(deposits)
      .where(
        and(
          eq(deposits.status, 3),
          eq(deposits.class, 0),
          isNotNull(deposits.firstApprovedBy),
          ne(deposits.firstApprovedBy, notBy),
        ),
      )
      .orderBy(asc(deposits.id))
      .limit(200),
    db
      .select()
      .from(withdrawals)
      .where(
        and(eq(withdrawals.status, 3), isNotNull(withdrawals.firstApprovedBy), ne(withdrawals.firstApprovedBy, notBy)),
      )
      .orderBy(asc(withdrawals.id))
      .limit(200),
  ]);
  return [
    ...d.map((r): ApprovalItem => ({
      kind: 'deposit',
      id: r.id,
      user_id: r.userId,
      amount: formatMoney(r.amount),
      subject: r.referenceCode,
      first_by: r.firstApprovedBy!,
      first_reason: null,
      created_at: seconds(r.firstApprovedAt ?? r.createdAt)!,
    })),
    ...w.map((r): ApprovalItem => ({
      kind: 'withdrawal',
      id: r.id,
      user_id: r.userId,
      amount: formatMoney(r.amount),
      subject: `${r.kind} · ${r.destination}`,
      first_by: r.firstApprovedBy!,
      first_reason: null,
      created_at: seconds(r.firstApprovedAt ?? r.createdAt)!,
    })),
  ];
}
