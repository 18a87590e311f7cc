import { and, count, desc, eq, gte, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { deposits, paymentMethods, withdrawals } from './wallet.table.ts';

/** How many recharges (self-service, class 0) or withdrawals the user submitted since `since`. */
export async function submittedSince(tx: DbOrTx, userId: number, what: 'deposits' | 'withdrawals', since: Date) {
  const [row] =
    what === 'deposits'
      ? await tx
          .select({ n: count() })
          .from(deposits)
          .where(and(eq(deposits.userId, userId), eq(deposits.class, 0), gte(deposits.createdAt, since)))
      : await tx
          .select({ n: count() })
          .from(withdrawals)
          .where(and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, since)));
  return row!.n;
}

/** The user's latest credited self-service recharge (its id, amount and when it was submitted), or null. */
export async function lastCreditedDeposit(tx: DbOrTx, userId: number) {
  const [row] = await tx
    .select({ id: deposits.id, amount: deposits.amount, at: deposits.createdAt })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.class, 0), eq(deposits.status, 1)))
    .orderBy(desc(deposits.id))
    .limit(1);
  return row ?? null;
}

/** When the user's latest credited self-service recharge was submitted, or null. */
export async function lastCreditedDepositAt(tx: DbOrTx, userId: number): Promise<Date | null> {
  return (await lastCreditedDeposit(tx, userId))?.at ?? null;
}

/**
 * A payout method as the risk rules see it: its holder, when it was bound, and the other accounts that have bound
 * the same destination (kind and account) and not removed it.
 */
export async function payoutMethodFacts(tx: DbOrTx, methodId: number) {
  const [method] = await tx.select().from(paymentMethods).where(eq(paymentMethods.id, methodId));
  if (!method) return null;
  const others = await tx
    .selectDistinct({ userId: paymentMethods.userId })
    .from(paymentMethods)
    .where(
      and(
        eq(paymentMethods.kind, method.kind),
        sql`lower(${paymentMethods.account}) = lower(${method.account})`,
        ne(paymentMethods.userId, method.userId),
        isNull(paymentMethods.removedAt),
      ),
    )
    .limit(50);
  return { holder: method.holder, createdAt: method.createdAt, sharedWith: others.map((o) => o.userId) };
}
