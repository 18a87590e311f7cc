import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../platform/db/client.ts';
import { mask } from './payment-methods.service.ts';
import { deposits, fundPasswordMarks, paymentMethods, withdrawAllowlists, withdrawals } from './wallet.table.ts';

/**
 * A user's recharges and withdrawals an operator has still to decide: an account is not closed under them (a
 * recharge credited later, or a refused withdrawal's refund, would land on an account no one can open). A
 * recharge credited but awaiting its second operator (4) can still be taken back, so it counts too.
 */
export async function undecidedMoneyOf(db: DbOrTx, userId: number): Promise<{ deposits: number; withdrawals: number }> {
  const [[d], [w]] = await Promise.all([
    db
      .select({ n: count() })
      .from(deposits)
      .where(and(eq(deposits.userId, userId), inArray(deposits.status, [3, 4]))),
    db
      .select({ n: count() })
      .from(withdrawals)
      .where(and(eq(withdrawals.userId, userId), eq(withdrawals.status, 3))),
  ]);
  return { deposits: Number(d?.n ?? 0), withdrawals: Number(w?.n ?? 0) };
}

/**
 * What closing does to the wallet's rows: payout methods are removed and keep only their masked number (as the
 * withdrawals that went to them already do), recharges forget the payer's name and note, and the allow-list and
 * fund-password marks go. Amounts, statuses and times stay: they are the ledger's story.
 */
export async function anonymisePayoutsOnClosure(tx: Tx, userId: number): Promise<void> {
  const methods = await tx
    .select({ id: paymentMethods.id, account: paymentMethods.account })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId));
  for (const m of methods)
    await tx
      .update(paymentMethods)
      .set({
        account: mask(m.account),
        holder: null,
        branch: null,
        removedAt: sql`coalesce(${paymentMethods.removedAt}, now())`,
        editAllowedUntil: null,
      })
      .where(eq(paymentMethods.id, m.id));
  await tx.update(deposits).set({ payerName: null, transferNote: null }).where(eq(deposits.userId, userId));
  await tx.delete(withdrawAllowlists).where(eq(withdrawAllowlists.userId, userId));
  await tx.delete(fundPasswordMarks).where(eq(fundPasswordMarks.userId, userId));
}
