import { and, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { deposits } from './wallet.table.ts';

/** How many self-service recharges (class 0) of the user have been credited: 1 right after the first one. */
export async function creditedRechargeCount(tx: Tx, userId: number): Promise<number> {
  const [credited] = await tx
    .select({ n: count() })
    .from(deposits)
    .where(and(eq(deposits.userId, userId), eq(deposits.class, 0), sql`${deposits.creditedAt} is not null`));
  return Number(credited?.n ?? 0);
}

/**
 * A promotion paid by the platform (class 2), recorded as a credited deposit row so it shows in the user's
 * orders and statement beside their recharges. The caller posts the journal that moves the money, in the same
 * transaction, and names this row in its memo.
 */
export async function recordPromotionCredit(
  tx: Tx,
  credit: { userId: number; amount: bigint; channelName: string; referenceCode: string },
): Promise<number> {
  const [deposit] = await tx
    .insert(deposits)
    .values({
      userId: credit.userId,
      class: 2,
      status: 1,
      channelKind: 'promotion',
      channelName: credit.channelName,
      amount: credit.amount,
      referenceCode: credit.referenceCode,
      reviewedBy: 'system',
      reviewedAt: sql`now()`,
      creditedAt: sql`now()`,
    })
    .returning({ id: deposits.id });
  return deposit!.id;
}
