import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
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
  return {
    deposits: { count: Number(d!.n), latest: Number(d!.latest ?? 0) },
    withdrawals: { count: Number(w!.n), latest: Number(w!.latest ?? 0) },
    depositsSecond: { count: Number(d!.second), latest: Number(d!.latest ?? 0) },
    withdrawalsSecond: { count: Number(w!.second), latest: Number(w!.latest ?? 0) },
  };
}
