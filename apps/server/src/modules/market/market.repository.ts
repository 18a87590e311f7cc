import { and, asc, desc, eq, inArray, like, lt, sql } from 'drizzle-orm';
import type { KlineInterval } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { candles, contractTerms, priceTicks, products } from './market.table.ts';
import { KLINE_INTERVALS, bucketStart, type CandleRow } from './candle-math.ts';

export type ProductRow = typeof products.$inferSelect;
export type TermsRow = typeof contractTerms.$inferSelect;
/** `carried`: the source had no trade in that second, so the previous price stands (and the record says so). */
export type TickRow = {
  productId: number;
  ts: number;
  price: bigint;
  volume: number;
  carried?: boolean;
  /** The source's id of the second's last trade, when it gave one (see priceTicks.tradeId). */
  tradeId?: number | null;
};

export async function listProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db.select().from(products).orderBy(asc(products.sort), asc(products.id));
}

export async function findProduct(db: DbOrTx, symbol: string): Promise<ProductRow | null> {
  const [row] = await db
    .select()
    .from(products)
    .where(sql`upper(${products.symbol}) = upper(${symbol})`);
  return row ?? null;
}

export async function findProductById(db: DbOrTx, id: number): Promise<ProductRow | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id));
  return row ?? null;
}

/** The products of a page of records, by id, in one query. */
export async function productsById(db: DbOrTx, ids: readonly number[]): Promise<Map<number, ProductRow>> {
  const unique = [...new Set(ids)];
  const rows = unique.length ? await db.select().from(products).where(inArray(products.id, unique)) : [];
  return new Map(rows.map((row) => [row.id, row]));
}

/** The products named, whatever the case; a name that is no product is left out. */
export async function productsBySymbols(db: DbOrTx, symbols: readonly string[]): Promise<ProductRow[]> {
  if (!symbols.length) return [];
  return db
    .select()
    .from(products)
    .where(
      inArray(
        sql`upper(${products.symbol})`,
        symbols.map((s) => s.toUpperCase()),
      ),
    );
}

/** The crypto products quoted in USDT, in the catalogue's order: the coins the exchange trades. */
export async function usdtCoinProducts(db: DbOrTx): Promise<ProductRow[]> {
  return db
    .select()
    .from(products)
    .where(and(eq(products.class, 'crypto'), like(products.symbol, '%/USDT')))
    .orderBy(products.sort);
}

/** A product and its enabled terms for one period (null terms when that period is not offered), in one query. */
export async function findProductTerms(db: DbOrTx, symbol: string, seconds: number) {
  const rows = await db
    .select({ product: products, terms: contractTerms })
    .from(products)
    .leftJoin(
      contractTerms,
      and(
        eq(contractTerms.productId, products.id),
        eq(contractTerms.seconds, seconds),
        eq(contractTerms.enabled, true),
      ),
    )
    .where(sql`upper(${products.symbol}) = upper(${symbol})`);
  return rows[0] ?? null;
}

/** The latest recorded tick of each product (one index probe per product). */
export async function latestTicks(db: DbOrTx): Promise<Map<number, { ts: number; price: bigint }>> {
  const result = await db.execute<{ product_id: number; ts: string; price: string }>(sql`
    SELECT p.id AS product_id, t.ts, t.price FROM products p
    JOIN LATERAL (SELECT ts, price FROM price_ticks WHERE product_id = p.id ORDER BY ts DESC LIMIT 1) t ON true`);
  return new Map(result.rows.map((r) => [Number(r.product_id), { ts: Number(r.ts), price: BigInt(r.price) }]));
}

/** The price in effect at second `ts`: the last one recorded at or before it. */
export async function priceAt(
  db: DbOrTx,
  productId: number,
  ts: number,
): Promise<{ ts: number; price: bigint } | null> {
  const [row] = await db
    .select({ ts: priceTicks.ts, price: priceTicks.price })
    .from(priceTicks)
    .where(and(eq(priceTicks.productId, productId), sql`${priceTicks.ts} <= ${ts}`))
    .orderBy(desc(priceTicks.ts))
    .limit(1);
  return row ?? null;
}

export async function recentTicks(db: DbOrTx, productId: number, seconds: number, now: number) {
  return db
    .select({ ts: priceTicks.ts, price: priceTicks.price })
    .from(priceTicks)
    .where(and(eq(priceTicks.productId, productId), sql`${priceTicks.ts} > ${now - seconds}`))
    .orderBy(asc(priceTicks.ts));
}

export async function ticksBetween(db: DbOrTx, productId: number, from: number, to: number) {
  return db
    .select({ ts: priceTicks.ts, price: priceTicks.price, volume: priceTicks.volume })
    .from(priceTicks)
    .where(and(eq(priceTicks.productId, productId), sql`${priceTicks.ts} between ${from} and ${to}`))
    .orderBy(asc(priceTicks.ts));
}

export async function candlesBefore(
  db: DbOrTx,
  productId: number,
  interval: KlineInterval,
  count: number,
  before?: number,
) {
  const rows = await db
    .select()
    .from(candles)
    .where(
      and(eq(candles.productId, productId), eq(candles.interval, interval), before ? lt(candles.t, before) : undefined),
    )
    .orderBy(desc(candles.t))
    .limit(count);
  return rows.reverse();
}

export async function dayCandle(db: DbOrTx, productId: number, ts: number) {
  const [row] = await db
    .select()
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.interval, '1d'), eq(candles.t, bucketStart(ts, '1d'))));
  return row ?? null;
}

/** The opening price of each product's day candle at the given seconds, in one query. */
export async function dayOpens(db: DbOrTx, at: { productId: number; ts: number }[]): Promise<Map<number, bigint>> {
  if (at.length === 0) return new Map();
  const ids = `{${at.map((a) => a.productId).join(',')}}`;
  const days = `{${at.map((a) => bucketStart(a.ts, '1d')).join(',')}}`;
  const result = await db.execute<{ product_id: number; o: string }>(sql`
    SELECT c.product_id, c.o FROM unnest(${ids}::int[], ${days}::bigint[]) AS w(product_id, t)
    JOIN candles c ON c.product_id = w.product_id AND c.interval = '1d' AND c.t = w.t`);
  return new Map(result.rows.map((r) => [Number(r.product_id), BigInt(r.o)]));
}

export async function previousDayClose(db: DbOrTx, productId: number, ts: number): Promise<bigint | null> {
  const [row] = await db
    .select({ c: candles.c })
    .from(candles)
    .where(and(eq(candles.productId, productId), eq(candles.interval, '1d'), lt(candles.t, bucketStart(ts, '1d'))))
    .orderBy(desc(candles.t))
    .limit(1);
  return row?.c ?? null;
}

export async function termsOf(db: DbOrTx, productId: number, onlyEnabled = true): Promise<TermsRow[]> {
  return db
    .select()
    .from(contractTerms)
    .where(and(eq(contractTerms.productId, productId), onlyEnabled ? eq(contractTerms.enabled, true) : undefined))
    .orderBy(asc(contractTerms.seconds));
}

/**
 * Records ticks and folds them into every K-line interval in one statement pair; ticks must arrive in
 * time order per product (the feed writes second by second), so "close = latest" holds.
 */
export async function recordTicks(db: DbOrTx, ticks: TickRow[]): Promise<void> {
  if (ticks.length === 0) return;
  await db.execute(sql`
    INSERT INTO price_ticks (product_id, ts, price, volume, carried, trade_id)
    SELECT * FROM unnest(${pgArray(ticks.map((t) => t.productId))}::int[], ${pgArray(ticks.map((t) => t.ts))}::bigint[],
                         ${pgArray(ticks.map((t) => t.price))}::bigint[], ${pgArray(ticks.map((t) => t.volume))}::bigint[],
                         ${pgArray(ticks.map((t) => Boolean(t.carried)))}::boolean[],
                         ${pgArray(ticks.map((t) => t.tradeId ?? null))}::bigint[])
    ON CONFLICT DO NOTHING`);
  const rows: { productId: number; interval: string; t: number; price: bigint; volume: number }[] = [];
  for (const tick of ticks) {
    for (const interval of KLINE_INTERVALS) {
      rows.push({
        productId: tick.productId,
        interval,
        t: bucketStart(tick.ts, interval),
        price: tick.price,
        volume: tick.volume,
      });
    }
  }
  await upsertCandles(
    db,
    rows.map((r) => ({
      productId: r.productId,
      interval: r.interval as KlineInterval,
      t: r.t,
      o: r.price,
      h: r.price,
      l: r.price,
      c: r.price,
      v: r.volume,
    })),
  );
}

/** Merges candles: the first open stays, highs and lows widen, the later close and added volume win. */
export async function upsertCandles(db: DbOrTx, rows: Array<CandleRow & { productId: number }>): Promise<void> {
  // Several rows may hit one candle (catch-up writes many seconds at once): fold them first, in order.
  const folded = new Map<string, CandleRow & { productId: number }>();
  for (const r of rows) {
    const key = `${r.productId}|${r.interval}|${r.t}`;
    const seen = folded.get(key);
    if (!seen) folded.set(key, { ...r });
    else {
      if (r.h > seen.h) seen.h = r.h;
      if (r.l < seen.l) seen.l = r.l;
      seen.c = r.c;
      seen.v += r.v;
    }
  }
  const list = [...folded.values()];
  for (let i = 0; i < list.length; i += 5_000) {
    const chunk = list.slice(i, i + 5_000);
    await db.execute(sql`
      INSERT INTO candles AS k (product_id, interval, t, o, h, l, c, v)
      SELECT * FROM unnest(${pgArray(chunk.map((r) => r.productId))}::int[], ${pgArray(chunk.map((r) => r.interval))}::text[],
                           ${pgArray(chunk.map((r) => r.t))}::bigint[], ${pgArray(chunk.map((r) => r.o))}::bigint[],
                           ${pgArray(chunk.map((r) => r.h))}::bigint[], ${pgArray(chunk.map((r) => r.l))}::bigint[],
                           ${pgArray(chunk.map((r) => r.c))}::bigint[], ${pgArray(chunk.map((r) => r.v))}::bigint[])
      ON CONFLICT (product_id, interval, t) DO UPDATE SET
        h = greatest(k.h, excluded.h), l = least(k.l, excluded.l), c = excluded.c, v = k.v + excluded.v`);
  }
}

/**
 * One array parameter as a Postgres array literal: drizzle would spread a JS array into a list of
 * parameters. Only numbers and interval names pass through here, so no quoting is needed.
 */
function pgArray(values: Array<number | bigint | string | boolean | null>): string {
  return `{${values.map((v) => (v === null ? 'NULL' : v.toString())).join(',')}}`;
}

export type ProgressRow = { productId: number; through: number; lastTrade: number | null };

/**
 * Moves each product's recorded-through second forward (never back) and its last real trade, in the transaction
 * that recorded the ticks: settlement reads it, so an order settles only once its second is in the record.
 */
export async function recordProgress(db: DbOrTx, rows: ProgressRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    INSERT INTO feed_progress AS f (product_id, recorded_through, last_trade)
    SELECT * FROM unnest(${pgArray(rows.map((r) => r.productId))}::int[], ${pgArray(rows.map((r) => r.through))}::bigint[],
                         ${`{${rows.map((r) => (r.lastTrade === null ? 'NULL' : r.lastTrade)).join(',')}}`}::bigint[])
    ON CONFLICT (product_id) DO UPDATE SET
      recorded_through = greatest(f.recorded_through, excluded.recorded_through),
      last_trade = greatest(f.last_trade, excluded.last_trade), updated_at = now()`);
}

/** Each product's progress: how far it is recorded and its last real trade. */
export async function progressOf(db: DbOrTx): Promise<Map<number, { through: number; lastTrade: number | null }>> {
  const rows = await db.execute<{ product_id: number; recorded_through: string; last_trade: string | null }>(
    sql`SELECT product_id, recorded_through, last_trade FROM feed_progress`,
  );
  return new Map(
    rows.rows.map((r) => [
      Number(r.product_id),
      { through: Number(r.recorded_through), lastTrade: r.last_trade === null ? null : Number(r.last_trade) },
    ]),
  );
}

/** Rows per retention statement and the pause after each: no statement holds its locks for long. */
export const PRUNE_BATCH = 5_000;
export const PRUNE_PAUSE_MS = 20;

export type PruneOptions = {
  batch?: number;
  pauseMs?: number;
  /** Stops between two statements (a job shutting down). */
  signal?: AbortSignal;
  /** Told the rows each statement removed. */
  onBatch?: (removed: number) => void;
};

/**
 * Retention: per-second ticks older than `before` go, except the ones an order opened or settled at,
 * so every result stays re-derivable from stored prices. Minute candles older than 30 days go too
 * (coarser intervals keep the history). Each statement deletes at most `batch` rows of one product, found from a
 * cursor through the (product_id, ts) key rather than by scanning from the oldest row again (the kept ticks of a
 * year of orders would be read once per statement), and a short pause follows it, so a year of seconds is pruned
 * without ever holding a long lock or starving the feed's own writes.
 */
export async function pruneSeries(db: DbOrTx, before: number, options: PruneOptions = {}): Promise<number> {
  const batch = options.batch ?? PRUNE_BATCH;
  const pauseMs = options.pauseMs ?? PRUNE_PAUSE_MS;
  const step = async (statement: ReturnType<typeof sql>) => {
    const r = await db.execute<{ last: string | null; removed: string }>(statement);
    const removed = Number(r.rows[0]!.removed);
    options.onBatch?.(removed);
    if (pauseMs) await new Promise((resolve) => setTimeout(resolve, pauseMs));
    return { last: r.rows[0]!.last === null ? null : Number(r.rows[0]!.last), removed };
  };
  const ids = await db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id`);
  let removed = 0;
  for (const { id } of ids.rows) {
    for (let after = -1; !options.signal?.aborted;) {
      // The slice is a range of the key (its rows and nothing else), so the delete reads it through the index.
      // Its end is found first, in a statement of its own: given as a value, the planner knows the delete's range
      // holds about `batch` rows and probes the orders' tick indexes for each; as a subquery's result it guessed
      // many more and hashed every order of the product, twice per batch (0.9 s a batch on a platform's orders,
      // against 27 ms).
      const bound = await db.execute<{ last: string | null }>(sql`
        SELECT max(ts)::text AS last FROM (
          SELECT ts FROM price_ticks WHERE product_id = ${id} AND ts > ${after} AND ts < ${before} ORDER BY ts LIMIT ${batch}) s`);
      const last = bound.rows[0]!.last;
      if (last === null) break;
      const r = await step(sql`
        WITH gone AS (
          DELETE FROM price_ticks t
          WHERE t.product_id = ${id} AND t.ts > ${after} AND t.ts <= ${last}
            AND NOT EXISTS (SELECT 1 FROM contract_orders o WHERE o.product_id = ${id} AND o.open_time = t.ts)
            AND NOT EXISTS (SELECT 1 FROM contract_orders o WHERE o.product_id = ${id} AND o.settle_tick_time = t.ts)
          RETURNING 1)
        SELECT ${last}::text AS last, (SELECT count(*) FROM gone)::text AS removed`);
      removed += r.removed;
      after = Number(last);
    }
    for (let after = -1; !options.signal?.aborted;) {
      const r = await step(sql`
        WITH bound AS (
          SELECT max(t) AS last FROM (
            SELECT t FROM candles WHERE product_id = ${id} AND interval = '1m' AND t > ${after} AND t < ${before - 23 * 86_400}
            ORDER BY t LIMIT ${batch}) s),
        gone AS (
          DELETE FROM candles
          WHERE product_id = ${id} AND interval = '1m' AND t > ${after} AND t <= (SELECT last FROM bound) RETURNING 1)
        SELECT (SELECT last FROM bound)::text AS last, (SELECT count(*) FROM gone)::text AS removed`);
      if (r.last === null) break;
      after = r.last;
    }
  }
  return removed;
}
