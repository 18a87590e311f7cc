import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import type { AdminOrder, OrderMode } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { findProduct, productsById } from '../market/index.ts';
import { accountOf, userIs } from '../users/index.ts';
import { toOrder } from './order-view.ts';
import { contractOrders } from './orders.table.ts';

export type OrderSearch = {
  user?: string | undefined;
  product?: string | undefined;
  status?: 'open' | 'settled' | undefined;
  mode?: OrderMode | undefined;
  /** Unix seconds of the order's creation: `from` inclusive, `to` exclusive. */
  from?: number | undefined;
  to?: number | undefined;
};

/** The operators' order search over every user, newest first, with the number that match. */
export async function searchOrders(db: DbOrTx, f: OrderSearch, page: { limit: number; offset: number }) {
  const product = f.product ? await findProduct(db, f.product) : null;
  if (f.product && !product) return { items: [], total: 0 };
  const where = and(
    f.user ? userIs(f.user, contractOrders.userId) : undefined,
    product ? eq(contractOrders.productId, product.id) : undefined,
    f.status ? eq(contractOrders.status, f.status) : undefined,
    f.mode ? eq(contractOrders.mode, f.mode) : undefined,
    f.from !== undefined ? gte(contractOrders.createdAt, new Date(f.from * 1000)) : undefined,
    f.to !== undefined ? lt(contractOrders.createdAt, new Date(f.to * 1000)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ o: contractOrders, account: accountOf(contractOrders.userId) })
      .from(contractOrders)
      .where(where)
      .orderBy(desc(contractOrders.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(contractOrders).where(where),
  ]);
  const byId = await productsById(
    db,
    rows.map(({ o }) => o.productId),
  );
  const items: AdminOrder[] = rows.map(({ o, account }) => {
    const order = toOrder(o, byId.get(o.productId)!);
    return {
      id: o.id,
      user_id: o.userId,
      account,
      symbol: order.symbol,
      direction: order.direction,
      mode: order.mode,
      amount: order.amount,
      fee: order.fee,
      seconds: order.seconds,
      open_price: order.open_price,
      settle_price: order.settle_price,
      status: order.status,
      result: order.result,
      payout: order.payout,
      created_at: Math.floor(o.createdAt.getTime() / 1000),
    };
  });
  return { items, total: Number(total?.n ?? 0) };
}
