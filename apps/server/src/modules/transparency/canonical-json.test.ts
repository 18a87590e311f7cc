import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json.ts';

describe('canonical JSON', () => {
  it('sorts keys at every depth and adds no whitespace', () => {
    expect(canonicalJson({ v: 1, type: 'x', terms: { seconds: 30, loss_pct: '100.00' }, list: [2, 'a', null] })).toBe(
      '{"list":[2,"a",null],"terms":{"loss_pct":"100.00","seconds":30},"type":"x","v":1}',
    );
  });

  it('refuses a number that is not a safe integer', () => {
    expect(() => canonicalJson({ price: 1.5 })).toThrow();
    expect(() => canonicalJson({ n: 2 ** 53 })).toThrow();
  });
});
