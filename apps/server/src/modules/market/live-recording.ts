import type { FastifyBaseLogger } from 'fastify';
import { KLINE_INTERVALS, INTERVAL_SECONDS } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { LiveSource, SecondTrade } from './stream-source.ts';
import type { BackfillOptions } from './backfill.ts';
import { KEEP_DAYS } from './backfill.ts';
import type { CandleRow } from './candle-math.ts';
import { parseSourcePrice, sourceSymbolOf } from './market-sources.ts';
import { upsertCandles, type ProductRow, type ProgressRow, type TickRow } from './market.repository.ts';

/** REST history asked in one step per product (1 s klines come 1,000 to a request). */
const REST_SECONDS_PER_STEP = 3_000;
/** After a long outage the series resumes this far back, not further. */
const MAX_CATCH_UP_SECONDS = 24 * 3600;

export type LiveProgress = Map<number, { through: number; lastTrade: number | null }>;

/**
 * One step for the products of one live source. Per product: its first history from the source's candles (a
 * product never recorded); then the seconds since it was last recorded, from the REST history up to the moment
 * the current stream connection began, and from the stream after it. Each second gets the last trade in it; a
 * second without one carries the previous price and is marked carried. Nothing here ever asks the simulator. A
 * product whose source does not answer is left where it was (its orders wait; its price shows as delayed).
 * Returns the ticks and progress to record, in the caller's transaction.
 */
export async function liveStep(
  db: DbOrTx,
  source: LiveSource,
  list: ProductRow[],
  state: { last: Map<number, bigint>; progress: LiveProgress },
  options: { now: number; history: BackfillOptions; log: FastifyBaseLogger },
): Promise<{ ticks: TickRow[]; progress: ProgressRow[] }> {
  const ticks: TickRow[] = [];
  const progress: ProgressRow[] = [];
  const liveFrom = source.liveFrom();
  const heardThrough = source.heardThrough();
  for (const product of list) {
    const symbol = sourceSymbolOf(product);
    try {
      let known = state.progress.get(product.id);
      if (!known) {
        // A product never recorded: its charts start from the source's candles; its seconds from the REST history.
        const close = await firstHistory(db, source, product, symbol, options.now);
        known = { through: options.now - options.history.tickSeconds - 1, lastTrade: null };
        // No trade in the recorded seconds' window (a quiet market): the last minute's close, a real trade, is
        // recorded at that minute's last second, so the product shows where it last traded (and how long ago).
        if (close && close.ts <= known.through && !state.last.has(product.id)) {
          ticks.push({ productId: product.id, ts: close.ts, price: close.price, volume: 0 });
          state.last.set(product.id, close.price);
          known = { through: known.through, lastTrade: close.ts };
        }
      }
      let from = Math.max(known.through + 1, options.now - MAX_CATCH_UP_SECONDS);
      const fold = (second: number, heard: SecondTrade | undefined) => {
        const price = heard ? parseSourcePrice(heard.price, product.precision) : null;
        const previous = state.last.get(product.id);
        if (price !== null) {
          ticks.push({ productId: product.id, ts: second, price, volume: heard!.trades, tradeId: heard!.tradeId });
          state.last.set(product.id, price);
          known = { through: second, lastTrade: second };
        } else {
          if (previous !== undefined)
            ticks.push({ productId: product.id, ts: second, price: previous, volume: 0, carried: true });
          known = { through: second, lastTrade: known!.lastTrade };
        }
      };
      // The gap before the current connection (downtime, a dropped stream) comes from the REST history.
      if (liveFrom !== null && from < liveFrom) {
        const to = Math.min(liveFrom - 1, from + REST_SECONDS_PER_STEP - 1);
        const history = await source.history(symbol, from, to);
        for (let second = from; second <= to; second++) fold(second, history.get(second));
        from = to + 1;
      }
      if (liveFrom !== null && heardThrough !== null && from >= liveFrom && from <= heardThrough) {
        const heard = source.take(symbol, from, heardThrough);
        for (let second = from; second <= heardThrough; second++) fold(second, heard.get(second));
      }
      if (known.through !== state.progress.get(product.id)?.through) {
        state.progress.set(product.id, known);
        progress.push({ productId: product.id, through: known.through, lastTrade: known.lastTrade });
      }
    } catch (error) {
      options.log.warn({ err: (error as Error).message, symbol: product.symbol }, 'live source: history failed');
    }
  }
  return { ticks, progress };
}

/** A product's K-lines from the source's own candles, as far back as each chart reaches; returns the last minute's close. */
async function firstHistory(db: DbOrTx, source: LiveSource, product: ProductRow, symbol: string, now: number) {
  const rows: Array<CandleRow & { productId: number }> = [];
  let close: { ts: number; price: bigint } | null = null;
  for (const interval of KLINE_INTERVALS) {
    const wanted = Math.min(1000, Math.ceil((KEEP_DAYS[interval] * 86_400) / INTERVAL_SECONDS[interval]));
    // The forming candle too, so today's open is the source's; the recorded seconds then widen and close it.
    for (const k of await source.candles(symbol, interval, now, wanted)) {
      const [o, h, l, c] = [k.o, k.h, k.l, k.c].map((x) => parseSourcePrice(x, product.precision));
      if (o == null || h == null || l == null || c == null) continue;
      rows.push({ productId: product.id, interval, t: k.t, o, h, l, c, v: k.trades });
      if (interval === '1m' && (!close || k.t + 59 > close.ts)) close = { ts: k.t + 59, price: c };
    }
  }
  await upsertCandles(db, rows);
  return close;
}
