import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { deposits, withdrawals } from './wallet.table.ts';

export type PendingMoney = {
  count: number;
  amount: bigint;
  /** The ledger journals that would move (deposits) or did freeze (withdrawals) the money. */
  references: string[];
};

/**
 * Recharges and withdrawals waiting for an operator (status 3, first approvals included). A recharge under review
 * has moved nothing yet; a withdrawal under review holds its whole amount frozen.
 */
export async function pendingMoney(db: DbOrTx): Promise<{ deposits: PendingMoney; withdrawals: PendingMoney }> {
  const d = await db
    .select({ id: deposits.id, amount: deposits.amount })
    .from(deposits)
    .where(and(eq(deposits.status, 3), eq(deposits.class, 0)));
  const w = await db
    .select({ id: withdrawals.id, amount: withdrawals.amount })
    .from(withdrawals)
    .where(sql`${withdrawals.status} = 3`);
  const total = (rows: { amount: bigint }[]) => rows.reduce((s, r) => s + r.amount, 0n);
  return {
    deposits: { count: d.length, amount: total(d), references: d.map((r) => `deposit:${r.id}:credit`) },
    withdrawals: { count: w.length, amount: total(w), references: w.map((r) => `withdrawal:${r.id}:freeze`) },
  };
}
