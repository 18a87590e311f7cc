import { describe, expect, it } from 'vitest';
import { buildLevels, leafNode, levelWidths } from './merkle-sum.ts';

describe('the liabilities tree shape', () => {
  it('follows from the leaf count alone, as buildLevels builds it', () => {
    for (let n = 1; n <= 300; n++) {
      const leaves = Array.from({ length: n }, (_, i) => leafNode(Buffer.alloc(32, i % 256), BigInt(i + 1)));
      expect([n, levelWidths(n)]).toEqual([n, buildLevels(leaves).map((level) => level.length)]);
    }
    expect(levelWidths(0)).toEqual([1]);
  });
});
