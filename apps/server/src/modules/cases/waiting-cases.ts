import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
import { userCases } from './cases.table.ts';

/**
 * Cases waiting for an operator's decision (open: not decided, and no correction waiting for its second approval,
 * which the approvals queue counts), and a mark that moves with the newest or with the count, for the console's
 * live queues.
 */
export async function waitingCases(db: DbOrTx): Promise<Waiting> {
  const [row] = (
    await db.execute<{ n: string; latest: string | null }>(
      sql`SELECT count(*) AS n, max(${userCases.id}) AS latest FROM ${userCases} WHERE ${userCases.state} = 'open'`,
    )
  ).rows;
  return { count: Number(row!.n), latest: Number(row!.latest ?? 0) };
}
