import { INTERVAL_SECONDS, type Candle, type KlineInterval, type Tick } from '@app/contracts';

/** A candle as the chart draws it. `volume` is null for a live candle the server has not reported yet. */
export type Bar = { time: number; open: number; high: number; low: number; close: number; volume: number | null };

export function toBar(candle: Candle): Bar {
  return {
    time: candle.t,
    open: Number(candle.o),
    high: Number(candle.h),
    low: Number(candle.l),
    close: Number(candle.c),
    volume: candle.v,
  };
}

/** The start of the candle a second belongs to: the server's bucketStart (UTC-aligned). */
export function bucketStart(second: number, interval: KlineInterval): number {
  const size = INTERVAL_SECONDS[interval];
  return second - (((second % size) + size) % size);
}

/**
 * Merges candles into a list sorted by time. A candle the server sent again replaces ours: the server's
 * record is the truth, our live candle only a preview of it.
 */
export function mergeBars(current: readonly Bar[], incoming: readonly Bar[]): Bar[] {
  const byTime = new Map<number, Bar>();
  for (const bar of current) byTime.set(bar.time, bar);
  for (const bar of incoming) byTime.set(bar.time, bar);
  return [...byTime.values()].sort((a, b) => a.time - b.time);
}

export type TickEffect = { kind: 'none' } | { kind: 'update'; bar: Bar } | { kind: 'new'; bar: Bar };

/**
 * What a live tick does to the newest candle: it moves the close (and the high or low) of the candle it falls
 * in, or starts the next candle at that price. Ticks older than the newest candle change nothing, and so does
 * a tick at the candle's close (a quiet market repeats its price): each change redraws the chart, a long task
 * on a slow phone. Volume of a new candle stays unknown until the server reports the candle.
 */
export function applyTick(last: Bar | undefined, tick: Tick, interval: KlineInterval): TickEffect {
  if (!last) return { kind: 'none' };
  const price = Number(tick.p);
  const start = bucketStart(tick.t, interval);
  if (start < last.time) return { kind: 'none' };
  if (start === last.time) {
    if (price === last.close) return { kind: 'none' };
    return {
      kind: 'update',
      bar: { ...last, high: Math.max(last.high, price), low: Math.min(last.low, price), close: price },
    };
  }
  return { kind: 'new', bar: { time: start, open: price, high: price, low: price, close: price, volume: null } };
}

/**
 * Whether the candles differ from the ones drawn only as a live tick makes them differ: the newest candle
 * moved, or one candle was added after it, everything before untouched. Such a change is drawn by updating the
 * last points of each series; any other (the first page, an older page prepended, the server's copy of a
 * candle replacing ours) by setting the series' data again.
 */
export function isLiveChange(drawn: readonly Bar[], bars: readonly Bar[]): boolean {
  if (drawn.length === 0 || bars.length === 0 || drawn[0]!.time !== bars[0]!.time) return false;
  if (bars.length !== drawn.length && bars.length !== drawn.length + 1) return false;
  return drawn.length < 2 || drawn[drawn.length - 2] === bars[drawn.length - 2];
}
