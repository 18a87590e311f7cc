import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { Waiting } from '../../platform/live/waiting.ts';
import { kycSubmissions } from './kyc.table.ts';

/** Real-name requests waiting for a decision, and the newest, for the console's live queues. */
export async function waitingRealName(db: DbOrTx): Promise<Waiting> {
  const [row] = (
    await db.execute<{ n: string; latest: string | null }>(
      sql`SELECT count(*) AS n, max(${kycSubmissions.id}) AS latest FROM ${kycSubmissions}
           WHERE ${kycSubmissions.state} = 'pending'`,
    )
  ).rows;
  return { count: Number(row!.n), latest: Number(row!.latest ?? 0) };
}
