import { describe, expect, it } from 'vitest';
import { standingOf, versusBreakEven } from '../lib/leader-figures.ts';

describe('standingOf', () => {
  it('ranks only a ranked, active leader; the others show their sample or that they retired', () => {
    expect(standingOf({ status: 'active', ranked: true, rank: 3, settled: 40 }, 30)).toEqual({
      kind: 'ranked',
      rank: 3,
    });
    expect(standingOf({ status: 'active', ranked: false, rank: null, settled: 12 }, 30)).toEqual({
      kind: 'unranked',
      settled: 12,
      needed: 30,
    });
    expect(standingOf({ status: 'retired', ranked: true, rank: 1, settled: 90 }, 30)).toEqual({ kind: 'retired' });
  });
});

describe('versusBreakEven', () => {
  it('compares the two percentages exactly, and says nothing without both', () => {
    expect(versusBreakEven('55.10', '55.09')).toBe('above');
    expect(versusBreakEven('55.09', '55.09')).toBe('at');
    expect(versusBreakEven('40.00', '55.56')).toBe('below');
    expect(versusBreakEven(null, '55.56')).toBeNull();
    expect(versusBreakEven('50.00', null)).toBeNull();
  });
});
