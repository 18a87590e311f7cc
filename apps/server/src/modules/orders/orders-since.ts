import { and, count, eq, gte } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { contractOrders } from './orders.table.ts';

/** How many orders the user placed since `since` (practice trading is a module and tables of its own). */
export async function ordersPlacedSince(tx: DbOrTx, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(contractOrders)
    .where(and(eq(contractOrders.userId, userId), gte(contractOrders.createdAt, since)));
  return row!.n;
}
