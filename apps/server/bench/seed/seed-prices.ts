import { sql } from 'drizzle-orm';
import { INTERVAL_SECONDS, KLINE_INTERVALS } from '@app/contracts';
import type { DbOrTx } from '../../src/platform/db/client.ts';
import { inBatches, lit } from './seed-batches.ts';
import type { SeedCounts } from './seed-counts.ts';

type PricedProduct = { id: number; symbol: string; seedPrice: bigint };

/**
 * The products whose history is seeded, the first two crypto products (24x7, so every second is a trading second):
 * the first with the long history, the second with the few days a fresh platform has, the baseline beside it.
 */
export async function pricedProducts(db: DbOrTx): Promise<{ long: PricedProduct; fresh: PricedProduct }> {
  const r = await db.execute<{ id: number; symbol: string; seed_price: string }>(sql`
    SELECT id, symbol, seed_price::text FROM products WHERE class = 'crypto' ORDER BY sort, id LIMIT 2`);
  const [long, fresh] = r.rows.map((p) => ({ id: Number(p.id), symbol: p.symbol, seedPrice: BigInt(p.seed_price) }));
  if (!long || !fresh) throw new Error('two crypto products are needed to seed prices for');
  return { long, fresh };
}

/** A fresh platform's days of seconds (as the first start's backfill records). */
export const FRESH_DAYS = 3;

const DAY = 86_400;

/** The long history (`priceDays`) for one product and a fresh platform's for another. */
export async function seedPrices(db: DbOrTx, counts: SeedCounts): Promise<void> {
  const { long, fresh } = await pricedProducts(db);
  await seedSeries(db, long, counts.priceDays);
  await seedSeries(db, fresh, FRESH_DAYS);
}

/**
 * A price every second for `days` days up to now for one product (a slow daily swing, a ten-minute ripple and
 * a little deterministic noise, never below half the seed price), with its minute K-lines, then every coarser
 * interval from the minutes. The backfill skips a product that has ticks, so a server started on it keeps the
 * seeded history, and retention finds everything older than its 7 days to prune.
 */
export async function seedSeries(db: DbOrTx, product: PricedProduct, days: number): Promise<void> {
  const end = Math.floor(Date.now() / 1000);
  const start = Math.floor((end - days * DAY) / 60) * 60;
  const seconds = end - start;
  const base = Number(product.seedPrice);
  const price = sql`greatest(${lit(Math.floor(base / 2))}, (${lit(base)} * (1 + 0.05 * sin(ts / 86400.0) + 0.01 * sin(ts / 600.0)
                     + ((ts * 7919) % 1000 - 500) / 200000.0))::bigint)`;
  // Whole minutes per batch, so each batch's minute K-lines are complete.
  const batch = 3 * DAY;
  await inBatches(
    db,
    seconds,
    (lo, hi) => sql`
      WITH t AS (
        INSERT INTO price_ticks (product_id, ts, price, volume)
        SELECT ${lit(product.id)}, ts, ${price}, 1 + ts % 7
        FROM generate_series(${lit(start + lo)}::bigint, ${lit(start + hi - 1)}::bigint) ts
        ON CONFLICT DO NOTHING
        RETURNING ts, price, volume)
      INSERT INTO candles (product_id, interval, t, o, h, l, c, v)
      SELECT ${lit(product.id)}, '1m', ts / 60 * 60, (array_agg(price ORDER BY ts))[1], max(price), min(price),
             (array_agg(price ORDER BY ts DESC))[1], sum(volume)
      FROM t GROUP BY ts / 60
      ON CONFLICT DO NOTHING`,
    batch,
  );
  for (const interval of KLINE_INTERVALS.filter((i) => i !== '1m')) {
    const width = INTERVAL_SECONDS[interval];
    await db.execute(sql`
      INSERT INTO candles (product_id, interval, t, o, h, l, c, v)
      SELECT ${lit(product.id)}, ${interval}, t / ${lit(width)} * ${lit(width)}, (array_agg(o ORDER BY t))[1], max(h), min(l),
             (array_agg(c ORDER BY t DESC))[1], sum(v)
      FROM candles WHERE product_id = ${lit(product.id)} AND interval = '1m' AND t >= ${lit(start)}
      GROUP BY t / ${lit(width)}
      ON CONFLICT DO NOTHING`);
  }
}
