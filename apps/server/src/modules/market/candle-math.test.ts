import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { KLINE_INTERVALS, INTERVAL_SECONDS } from '@app/contracts';
import { aggregate, bucketStart, rollUp, type PricePoint } from './candle-math.ts';

const seriesArb = fc
  .array(
    fc.record({
      gap: fc.integer({ min: 1, max: 400 }),
      price: fc.bigInt({ min: 1n, max: 10n ** 9n }),
      volume: fc.integer({ min: 0, max: 50 }),
    }),
    { minLength: 1, maxLength: 300 },
  )
  .map((steps) => {
    let ts = 1_795_000_000;
    return steps.map((s): PricePoint => ({ ts: (ts += s.gap), price: s.price, volume: s.volume }));
  });

describe('K-line aggregation', () => {
  it('agrees with the per-second series: open first, high max, low min, close last, volume sum', () => {
    fc.assert(
      fc.property(seriesArb, fc.constantFrom(...KLINE_INTERVALS), (points, interval) => {
        const candles = aggregate(points, interval);
        for (const k of candles) {
          const inside = points.filter((p) => p.ts >= k.t && p.ts < k.t + INTERVAL_SECONDS[interval]);
          expect(inside.length).toBeGreaterThan(0);
          expect(k.o).toBe(inside[0]!.price);
          expect(k.c).toBe(inside.at(-1)!.price);
          expect(k.h).toBe(inside.reduce((m, p) => (p.price > m ? p.price : m), 0n));
          expect(k.l).toBe(inside.reduce((m, p) => (p.price < m ? p.price : m), inside[0]!.price));
          expect(k.v).toBe(inside.reduce((s, p) => s + p.volume, 0));
        }
        expect(candles.reduce((s, k) => s + k.v, 0)).toBe(points.reduce((s, p) => s + p.volume, 0));
      }),
    );
  });

  it('rolls finer candles up into the same candles as aggregating the series directly', () => {
    fc.assert(
      fc.property(seriesArb, (points) => {
        const minutes = aggregate(points, '1m');
        for (const interval of ['5m', '15m', '30m', '1h', '1d'] as const) {
          expect(rollUp(minutes, interval)).toEqual(aggregate(points, interval));
        }
      }),
    );
  });

  it('starts buckets on interval boundaries', () => {
    expect(bucketStart(1_795_306_723, '1m')).toBe(1_795_306_680);
    expect(bucketStart(1_795_306_723, '1d') % 86_400).toBe(0);
  });
});
