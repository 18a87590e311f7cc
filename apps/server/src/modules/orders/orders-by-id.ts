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

/** How many of a user's newest orders a look for fresh results reads: a user with more open at once sees the rest
 * in their order list (a toast is a courtesy, the list is the record). */
const RECENT_ORDERS = 50;

/**
 * The user's orders settled after `sinceMs` (milliseconds), among their newest orders only, read from the
 * user's own index: the heavy user's fifty thousand orders are not scanned for the few that just settled.
 */
export async function settledSince(db: DbOrTx, userId: number, sinceMs: number): Promise<OrderRow[]> {
  const recent = db
    .select()
    .from(contractOrders)
    .where(sql`${contractOrders.userId} = ${userId}`)
    .orderBy(sql`${contractOrders.id} DESC`)
    .limit(RECENT_ORDERS)
    .as('recent');
  return (await db
    .select()
    .from(recent)
    .where(sql`${recent.status} = 'settled' AND ${recent.settledAt} > to_timestamp(${sinceMs}::float8 / 1000)`)
    .orderBy(sql`${recent.settledAt}`)) as OrderRow[];
}

/**
 * A user's real-money orders placed from `since` (seconds) on: how many, their stakes and fees, what the settled
 * ones returned less what they cost, and what the open ones cost. The reality check's figures.
 */
export async function tradingSince(db: DbOrTx, userId: number, since: number) {
  const result = await db.execute<{ orders: number; staked: string; net: string; open_staked: string }>(sql`
    SELECT count(*)::int AS orders,
      coalesce(sum(stake + fee), 0)::text AS staked,
      coalesce(sum(payout - stake - fee) FILTER (WHERE status = 'settled'), 0)::text AS net,
      coalesce(sum(stake + fee) FILTER (WHERE status = 'open'), 0)::text AS open_staked
    FROM contract_orders
    WHERE user_id = ${userId} AND mode = 'real' AND created_at >= to_timestamp(${since})`);
  const row = result.rows[0]!;
  return { orders: row.orders, staked: BigInt(row.staked), net: BigInt(row.net), openStaked: BigInt(row.open_staked) };
}
