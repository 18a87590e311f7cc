import { describe, expect, it } from 'vitest';
import { bollinger, movingAverage } from '../lib/indicators.ts';

const times = (n: number) => Array.from({ length: n }, (_, i) => 1000 + i * 60);

describe('movingAverage', () => {
  it('averages the last n closes and starts at the n-th candle', () => {
    const closes = [1, 2, 3, 4, 5, 6];
    expect(movingAverage(times(6), closes, 3)).toEqual([
      { time: 1120, value: 2 },
      { time: 1180, value: 3 },
      { time: 1240, value: 4 },
      { time: 1300, value: 5 },
    ]);
  });

  it('has no points when there are fewer candles than the period', () => {
    expect(movingAverage(times(4), [1, 2, 3, 4], 5)).toEqual([]);
  });

  it('agrees with a direct average for every window (MA 5, 10, 30)', () => {
    const closes = Array.from({ length: 120 }, (_, i) => 100 + Math.sin(i / 3) * 5 + i * 0.1);
    for (const period of [5, 10, 30]) {
      const points = movingAverage(times(120), closes, period);
      expect(points).toHaveLength(120 - period + 1);
      points.forEach((point, index) => {
        const window = closes.slice(index, index + period);
        expect(point.value).toBeCloseTo(window.reduce((a, b) => a + b, 0) / period, 9);
        expect(point.time).toBe(times(120)[index + period - 1]);
      });
    }
  });
});

describe('bollinger', () => {
  it('is a flat band on a flat series', () => {
    const bands = bollinger(times(25), Array(25).fill(10), 20, 2);
    expect(bands.middle).toHaveLength(6);
    for (const side of [bands.upper, bands.middle, bands.lower]) side.forEach((p) => expect(p.value).toBe(10));
  });

  it('uses the population standard deviation of the window, k times either side of the MA', () => {
    // Window 2, 4, 4, 4, 5, 5, 7, 9: mean 5, population standard deviation exactly 2.
    const closes = [2, 4, 4, 4, 5, 5, 7, 9];
    const bands = bollinger(times(8), closes, 8, 2);
    expect(bands.middle).toEqual([{ time: 1420, value: 5 }]);
    expect(bands.upper).toEqual([{ time: 1420, value: 9 }]);
    expect(bands.lower).toEqual([{ time: 1420, value: 1 }]);
  });

  it('BOLL(20, 2): the middle band is MA 20 and the bands are symmetric around it', () => {
    const closes = Array.from({ length: 60 }, (_, i) => 50 + ((i * 7) % 11));
    const bands = bollinger(times(60), closes, 20, 2);
    const ma = movingAverage(times(60), closes, 20);
    expect(bands.middle).toEqual(ma);
    bands.upper.forEach((upper, i) => {
      expect(upper.value - bands.middle[i]!.value).toBeCloseTo(bands.middle[i]!.value - bands.lower[i]!.value, 9);
      expect(upper.value).toBeGreaterThanOrEqual(bands.middle[i]!.value);
    });
  });
});
