import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { OrderRow } from './order-view.ts';
import { contractOrders } from './orders.table.ts';

/** Orders by id, in one query; an id that is no order is left out. */
export async function ordersById(db: DbOrTx, ids: readonly number[]): Promise<OrderRow[]> {
  const unique = [...new Set(ids)];
  return unique.length ? db.select().from(contractOrders).where(inArray(contractOrders.id, unique)) : [];
}

/** The orders whose ids a subquery of the caller's own tables gives (copy trading's record entries, say). */
export async function ordersIn(db: DbOrTx, ids: ReturnType<typeof sql>): Promise<OrderRow[]> {
  return db.select().from(contractOrders).where(inArray(contractOrders.id, ids));
}
