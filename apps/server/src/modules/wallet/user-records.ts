import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { deposits, withdrawals } from './wallet.table.ts';

/** The audit targets of one user's deposits and withdrawals, for the user's timeline in the console. */
export async function moneyRecordTargets(db: DbOrTx, userId: number): Promise<string[]> {
  const [d, w] = await Promise.all([
    db.select({ id: deposits.id }).from(deposits).where(eq(deposits.userId, userId)),
    db.select({ id: withdrawals.id }).from(withdrawals).where(eq(withdrawals.userId, userId)),
  ]);
  return [...d.map((r) => `deposit:${r.id}`), ...w.map((r) => `withdrawal:${r.id}`)];
}
