import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
import { balanceAdjustments } from './adjustments.table.ts';

/** Balance adjustments held for a second operator, and the newest, for the console's live queues. */
export async function waitingAdjustments(db: DbOrTx): Promise<Waiting> {
  const [row] = (
    await db.execute<{ n: string; latest: string | null }>(
      sql`SELECT count(*) AS n, max(${balanceAdjustments.id}) AS latest FROM ${balanceAdjustments}
           WHERE ${balanceAdjustments.status} = 'pending'`,
    )
  ).rows;
  return { count: Number(row!.n), latest: Number(row!.latest ?? 0) };
}
