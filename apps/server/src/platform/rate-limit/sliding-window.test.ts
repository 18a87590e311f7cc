import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { msUntilAllowed, slidingCount } from './sliding-window.ts';

const WINDOW = 1_000;

/** The first whole ms from `elapsed` at which one more request is within `max`, found by trying each one. */
function scan(hits: number, previous: number, elapsed: number, max: number): number {
  for (let wait = 0; wait <= 2 * WINDOW; wait++) {
    const at = elapsed + wait;
    const count =
      at < WINDOW ? slidingCount(hits + 1, previous, at, WINDOW) : slidingCount(1, hits, at - WINDOW, WINDOW);
    if (count <= max) return wait;
  }
  throw new Error('never allowed');
}

describe('sliding window', () => {
  it('weights the previous window by its overlap with the last window', () => {
    expect(slidingCount(1, 3, 10, WINDOW)).toBe(4);
    expect(slidingCount(2, 3, 500, WINDOW)).toBe(2 + Math.round(1.5));
    expect(slidingCount(1, 3, 999, WINDOW)).toBe(1);
  });

  it('tells a refused client the first moment one more request would be allowed, no sooner and no later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: 40 }),
        fc.integer({ min: 0, max: WINDOW - 1 }),
        (max, hits, previous, elapsed) => {
          expect(msUntilAllowed(hits, previous, elapsed, WINDOW, max)).toBe(scan(hits, previous, elapsed, max));
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
