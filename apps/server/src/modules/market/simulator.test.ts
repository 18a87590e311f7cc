import { describe, expect, it } from 'vitest';
import { keyOf, normalDraw, simulatePrice } from './simulator.ts';

describe('price simulator', () => {
  const product = { symbol: 'BTC/USDT', precision: 2, volatilityBp: 6_000 };

  it('is a pure function of seed, product, previous price and second', () => {
    const a = simulatePrice(keyOf('seed'), product, 9_512_000n, 1_795_306_000);
    expect(simulatePrice(keyOf('seed'), product, 9_512_000n, 1_795_306_000)).toBe(a);
    expect(simulatePrice(keyOf('other'), product, 9_512_000n, 1_795_306_000)).not.toBe(a);
  });

  it('draws standard normal numbers', () => {
    const n = 20_000;
    const draws = Array.from({ length: n }, (_, i) => normalDraw(1, 2, i));
    const mean = draws.reduce((s, x) => s + x, 0) / n;
    const variance = draws.reduce((s, x) => s + (x - mean) ** 2, 0) / n;
    expect(Math.abs(mean)).toBeLessThan(0.05);
    expect(Math.abs(variance - 1)).toBeLessThan(0.05);
  });

  it('moves by about the per-second volatility', () => {
    let price = 9_512_000n;
    const moves: number[] = [];
    for (let ts = 0; ts < 5_000; ts++) {
      const next = simulatePrice(keyOf('vol'), product, price, ts);
      moves.push(Math.log(Number(next) / Number(price)));
      price = next;
    }
    const sd = Math.sqrt(moves.reduce((s, x) => s + x * x, 0) / moves.length);
    const expected = 0.6 * Math.sqrt(1 / (365 * 24 * 3600));
    expect(sd / expected).toBeGreaterThan(0.9);
    expect(sd / expected).toBeLessThan(1.1);
  });
});
