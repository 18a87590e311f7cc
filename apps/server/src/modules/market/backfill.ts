import { sql } from 'drizzle-orm';
import type { KlineInterval } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { priceTicks } from './market.table.ts';
import { upsertCandles, recordTicks, type ProductRow, type TickRow } from './market.repository.ts';
import { bucketStart, rollUp, type CandleRow } from './candle-math.ts';
import { gbmStep, keyOf, normalDraw, uniformDraw } from './simulator.ts';
import { sessionStatusCached, type SessionName } from './trading-sessions.ts';
import type { PriceFeed } from './price-feed.ts';

export type BackfillOptions = { days: number; tickSeconds: number };

/** How far back each interval's chart reaches after the first start. */
export const KEEP_DAYS: Record<KlineInterval, number> = { '1m': 2, '5m': 7, '15m': 14, '30m': 30, '1h': 90, '1d': 365 };
const MINUTE_PATH_DAYS = 90;

/**
 * First start only (a product with no recorded price): simulated history so every chart has
 * something behind it, labelled as simulated like everything the simulator makes. Older history is a
 * coarse path (hourly, then minute steps) stored only as K-lines; the last `tickSeconds` are recorded
 * second by second through the same feed and the same writer as live prices, so the live series
 * continues from them without a seam.
 */
export async function backfill(
  db: Db,
  feed: PriceFeed,
  seed: string,
  list: ProductRow[],
  now: number,
  options: BackfillOptions,
) {
  const tickStart = Math.floor((now - options.tickSeconds) / 3600) * 3600;
  const historyStart = bucketStart(tickStart - options.days * 86_400, '1d');
  const status = sessionStatusCached;
  const last = new Map<number, bigint>();

  for (const product of list) {
    const has = await db
      .select({ one: sql`1` })
      .from(priceTicks)
      .where(sql`${priceTicks.productId} = ${product.id}`)
      .limit(1);
    if (has.length) continue;
    const { candles, close, closeSecond } = coarsePath(product, seed, historyStart, tickStart, status);
    const keep = candles.filter((k) => k.t >= tickStart - KEEP_DAYS[k.interval] * 86_400);
    await upsertCandles(
      db,
      keep.map((k) => ({ ...k, productId: product.id })),
    );
    // The history's last price, recorded as a tick, so a closed market still shows where it closed.
    await db
      .insert(priceTicks)
      .values({ productId: product.id, ts: closeSecond, price: close, volume: 0 })
      .onConflictDoNothing();
    last.set(product.id, close);
  }
  if (last.size === 0) return;

  const pending = list.filter((p) => last.has(p.id));
  let batch: TickRow[] = [];
  for (let ts = tickStart; ts < now; ts++) {
    const open = pending.filter((p) => status(p.session as SessionName, ts) === 'trading');
    if (open.length === 0) continue;
    const prices = await feed.pricesAt(ts, open, last);
    for (const [productId, { price, volume }] of prices) {
      batch.push({ productId, ts, price, volume });
      last.set(productId, price);
    }
    if (batch.length >= 20_000) {
      await recordTicks(db, batch);
      batch = [];
    }
  }
  await recordTicks(db, batch);
}

/**
 * Hourly steps, then minute steps for the last 90 days, each with four sub-steps for high and low.
 * The walk is computed in log space and then shifted so that it ends at the product's reference price:
 * today's chart starts near a realistic level whatever the random path did a year ago.
 */
function coarsePath(product: ProductRow, seed: string, from: number, to: number, status: typeof sessionStatusCached) {
  const scale = 10 ** product.precision;
  const sigma = product.volatilityBp / 10_000;
  const minuteFrom = Math.max(from, bucketStart(to - MINUTE_PATH_DAYS * 86_400, '1h'));
  const seedKey = keyOf(seed);
  const symbolKey = keyOf(product.symbol);
  type Step = { interval: KlineInterval; t: number; o: number; h: number; l: number; c: number; v: number };
  const steps: Step[] = [];
  let price = 1;
  let lastOpenSecond = from;

  const step = (t: number, seconds: number, interval: KlineInterval) => {
    if (status(product.session as SessionName, t) !== 'trading') return;
    const open = price;
    let high = price;
    let low = price;
    for (let k = 0; k < 4; k++) {
      price = gbmStep(price, sigma, seconds / 4, normalDraw(seedKey, symbolKey, t, 10 + k));
      high = Math.max(high, price);
      low = Math.min(low, price);
    }
    const v = Math.floor(uniformDraw(seedKey, symbolKey, t, 1) * 20 * seconds) + seconds;
    steps.push({ interval, t, o: open, h: high, l: low, c: price, v });
    lastOpenSecond = t + seconds - 1;
  };
  for (let t = from; t < minuteFrom; t += 3600) step(t, 3600, '1h');
  for (let t = minuteFrom; t < to; t += 60) step(t, 60, '1m');

  const shift = Number(product.seedPrice) / scale / price;
  const toUnits = (x: number) => BigInt(Math.max(1, Math.round(x * shift * scale)));
  const rows: CandleRow[] = steps.map((k) => ({
    interval: k.interval,
    t: k.t,
    o: toUnits(k.o),
    h: toUnits(k.h),
    l: toUnits(k.l),
    c: toUnits(k.c),
    v: k.v,
  }));
  const hours = rows.filter((k) => k.interval === '1h');
  const minutes = rows.filter((k) => k.interval === '1m');
  const fromMinutes = (interval: KlineInterval) => rollUp(minutes, interval);
  const hourly = [...hours, ...fromMinutes('1h')];
  const all = [
    ...minutes,
    ...fromMinutes('5m'),
    ...fromMinutes('15m'),
    ...fromMinutes('30m'),
    ...hourly,
    ...rollUp(hourly, '1d'),
  ];
  return { candles: all, close: toUnits(price), closeSecond: lastOpenSecond };
}
