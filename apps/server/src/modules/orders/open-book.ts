import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';

/** What the open real-money orders of one product stake, and what the house pays or keeps as the price ends. */
export type OpenExposure = {
  productId: number;
  open: number;
  /** The stakes as the orders record them. */
  recorded: bigint;
  /** What the house pays if every open order wins (the profit on each, the stake aside). */
  win: bigint;
  /** What the house keeps if every open order loses. */
  lose: bigint;
  /** The house's net if the price ends above every open price (up orders win, down orders lose), and below. */
  up: bigint;
  down: bigint;
};

// quoteOrder's arithmetic (packages/contracts/src/order-quote.ts) per order, in SQL: the profit rounds down, the
// loss up, to the cent. Summed in the database so that the house view reads one row a product, not every open
// order (a million of them at a platform's scale).
const profit = sql`(o.stake * o.payout_bp) / 10000`;
const lost = sql`(o.stake * o.loss_bp + 9999) / 10000`;

/** Every product's open real-money orders (practice orders stake no real money), summed per product. */
export async function openExposure(db: DbOrTx): Promise<OpenExposure[]> {
  const rows = await db.execute<{
    product_id: number;
    open: number;
    recorded: string;
    win: string;
    lose: string;
    up: string;
    down: string;
  }>(sql`
    SELECT o.product_id, count(*)::int AS open, sum(o.stake)::text AS recorded,
           sum(${profit})::text AS win, sum(${lost})::text AS lose,
           sum(CASE WHEN o.direction = 'up' THEN -${profit} ELSE ${lost} END)::text AS up,
           sum(CASE WHEN o.direction = 'down' THEN -${profit} ELSE ${lost} END)::text AS down
    FROM contract_orders o
    WHERE o.status = 'open' AND o.mode = 'real'
    GROUP BY o.product_id`);
  return rows.rows.map((r) => ({
    productId: r.product_id,
    open: r.open,
    recorded: BigInt(r.recorded),
    win: BigInt(r.win),
    lose: BigInt(r.lose),
    up: BigInt(r.up),
    down: BigInt(r.down),
  }));
}

/**
 * The journals that froze the open real-money orders' stakes, by product (`grp`, `reference`): for the ledger to
 * sum what those journals froze beside what the orders record.
 */
export const openStakeReferences = (): SQL =>
  sql`SELECT o.product_id::text AS grp, 'order:' || o.id || ':open' AS reference
      FROM contract_orders o WHERE o.status = 'open' AND o.mode = 'real'`;

/** How many real-money orders of the user are open (the kept count beside their stake; practice orders aside). */
export async function openRealOrderCount(db: DbOrTx, userId: number): Promise<number> {
  const rows = await db.execute<{ n: number }>(sql`
    SELECT coalesce(sum(orders), 0)::int AS n FROM open_stakes WHERE user_id = ${userId} AND mode = 'real'`);
  return rows.rows[0]?.n ?? 0;
}
