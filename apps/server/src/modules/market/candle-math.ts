import { INTERVAL_SECONDS, KLINE_INTERVALS, type KlineInterval } from '@app/contracts';

export type PricePoint = { ts: number; price: bigint; volume: number };
export type CandleRow = { interval: KlineInterval; t: number; o: bigint; h: bigint; l: bigint; c: bigint; v: number };

export const bucketStart = (ts: number, interval: KlineInterval) =>
  ts - (((ts % INTERVAL_SECONDS[interval]) + INTERVAL_SECONDS[interval]) % INTERVAL_SECONDS[interval]);

/**
 * OHLC per bucket from a time-ordered series: open = first price, high = max, low = min,
 * close = last price, volume = sum. The database's incremental upsert must agree with this.
 */
export function aggregate(points: PricePoint[], interval: KlineInterval): CandleRow[] {
  // A point is a one-second candle; aggregating is rolling those up.
  return rollUp(
    points.map((p) => ({ interval, t: p.ts, o: p.price, h: p.price, l: p.price, c: p.price, v: p.volume })),
    interval,
  );
}

/** Merges candles of a finer interval into a coarser one (used by the history backfill). */
export function rollUp(finer: CandleRow[], interval: KlineInterval): CandleRow[] {
  const out: CandleRow[] = [];
  let current: CandleRow | undefined;
  for (const k of finer) {
    const t = bucketStart(k.t, interval);
    if (!current || current.t !== t) {
      current = { ...k, interval, t };
      out.push(current);
    } else {
      if (k.h > current.h) current.h = k.h;
      if (k.l < current.l) current.l = k.l;
      current.c = k.c;
      current.v += k.v;
    }
  }
  return out;
}

export { KLINE_INTERVALS };
