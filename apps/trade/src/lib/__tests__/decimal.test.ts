import { describe, expect, it } from 'vitest';
import { changePercent, comparePrices, fromUnits, priceDifference, signOf, toUnits } from '../decimal.ts';

describe('decimal prices', () => {
  it('reads decimal strings as integer units at a precision', () => {
    expect(toUnits('93246.92', 2)).toBe(9324692n);
    expect(toUnits('1.0845', 5)).toBe(108450n);
    expect(toUnits('-0.5', 2)).toBe(-50n);
    expect(toUnits('abc', 2)).toBeNull();
    expect(fromUnits(-1234n, 2)).toBe('-12.34');
    expect(fromUnits(5n, 3)).toBe('0.005');
  });

  it('compares prices exactly, whatever their written precision', () => {
    expect(comparePrices('1.10', '1.1')).toBe(0);
    expect(comparePrices('0.37828', '0.37827')).toBe(1);
    expect(comparePrices('93246.91', '93246.92')).toBe(-1);
    // A float would call these equal.
    expect(comparePrices('9007199254740993.01', '9007199254740993.00')).toBe(1);
  });

  it('computes change and change % against a base, rounding half away from zero', () => {
    expect(priceDifference('101.5', '100.00')).toBe('1.50');
    expect(priceDifference('99', '100.25')).toBe('-1.25');
    expect(changePercent('101', '100')).toBe('1.00');
    expect(changePercent('100.005', '100')).toBe('0.01'); // 0.005 % rounds up
    expect(changePercent('99.995', '100')).toBe('-0.01');
    expect(changePercent('100.004', '100')).toBe('0.00');
    expect(changePercent('1', '0')).toBeNull();
  });

  it('tells the sign of a change', () => {
    expect(signOf('0.00')).toBe(0);
    expect(signOf('-0.42')).toBe(-1);
    expect(signOf('1.5')).toBe(1);
    expect(signOf(null)).toBe(0);
  });
});
