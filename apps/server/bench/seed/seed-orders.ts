import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit, moveSequencePast, nextId, SPAN_SECONDS } from './seed-batches.ts';
import { heavySplit, type SeedCounts } from './seed-counts.ts';
import { seededUsers } from './seed-users.ts';

/** Open orders fall due this far ahead, so no settlement job touches them while benchmarks run. */
export const OPEN_ORDER_SECONDS = 10 * 365 * 86_400;

/**
 * Contract orders over the past year, round-robin over the users, then the heavy user's own run; the last
 * `openOrders` of the round-robin are open (due years ahead) and the open_stakes rows are their sums, as placement
 * would have kept them. The orders are rows only: no journal moved their stakes (the seeded ledger is its own
 * history of deposits and trades), which is why the open ones are never due.
 */
export async function seedOrders(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const users = await seededUsers(db);
  const { rest } = heavySplit(counts.orders, counts);
  const products = await db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id`);
  const productIds = `ARRAY[${products.rows.map((p) => Number(p.id)).join(',')}]`;
  const first = await nextId(db, 'contract_orders');
  const openFrom = rest - Math.min(counts.openOrders, rest);
  const now = Math.floor(Date.now() / 1000);
  await inBatches(
    db,
    counts.orders,
    (lo, hi) => sql`
      INSERT INTO contract_orders (id, user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
        open_time, open_price, settle_time, settle_tick_time, settle_price, status, mode, result, payout, created_at, settled_at)
      SELECT ${lit(first)} + g, ${lit(users.first)} + i, (${sql.raw(productIds)})[1 + g % ${lit(products.rows.length)}],
             CASE WHEN g % 2 = 0 THEN 'up' ELSE 'down' END, stake, 0, secs, 8500, 10000, 0,
             t, 100000 + g % 997, t + secs,
             CASE WHEN open THEN NULL ELSE t + secs END,
             CASE WHEN open THEN NULL ELSE 100000 + (g * 7) % 991 END,
             CASE WHEN open THEN 'open' ELSE 'settled' END, 'real',
             CASE WHEN open THEN NULL WHEN g % 3 = 0 THEN 'win' ELSE 'loss' END,
             CASE WHEN open THEN NULL WHEN g % 3 = 0 THEN stake * 18500 / 10000 ELSE 0 END,
             to_timestamp(t), CASE WHEN open THEN NULL ELSE to_timestamp(t + secs) END
      FROM (SELECT g,
                   CASE WHEN g < ${lit(rest)} THEN g % ${lit(users.count)} ELSE 0 END AS i,
                   (g >= ${lit(openFrom)} AND g < ${lit(rest)}) AS open,
                   1000 + (g::bigint * 7919) % 99000 AS stake,
                   CASE WHEN g >= ${lit(openFrom)} AND g < ${lit(rest)} THEN ${lit(OPEN_ORDER_SECONDS)} ELSE 60 END AS secs,
                   ${lit(now)} - ${lit(SPAN_SECONDS)} + (CASE WHEN g < ${lit(rest)}
                     THEN (g::bigint * ${lit(SPAN_SECONDS)}) / ${lit(rest)}
                     ELSE ((g - ${lit(rest)})::bigint * ${lit(SPAN_SECONDS)}) / ${lit(Math.max(1, counts.orders - rest))} END) AS t
            FROM generate_series(${lit(lo)}, ${lit(hi - 1)}) g) o`,
  );
  await moveSequencePast(db, 'contract_orders');
  await db.execute(sql`
    INSERT INTO open_stakes (user_id, product_id, mode, stake, orders)
    SELECT user_id, product_id, mode, sum(stake), count(*) FROM contract_orders
    WHERE status = 'open' AND id >= ${lit(first)} GROUP BY 1, 2, 3
    ON CONFLICT (user_id, product_id, mode) DO UPDATE SET stake = open_stakes.stake + excluded.stake,
                                                         orders = open_stakes.orders + excluded.orders`);
}
