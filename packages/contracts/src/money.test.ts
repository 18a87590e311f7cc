import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney } from './money.ts';

describe('money', () => {
  it('parses decimal strings into minor units without floats', () => {
    expect(parseMoney('0.1')).toBe(10n);
    expect(parseMoney('1234.56')).toBe(123456n);
    expect(parseMoney('100')).toBe(10000n);
    expect(parseMoney('-2.5')).toBe(-250n);
    expect(parseMoney('0.123456789', 8)).toBeNull();
    expect(parseMoney('0.12345678', 8)).toBe(12345678n);
  });

  it('refuses what is not an amount', () => {
    for (const bad of ['', 'abc', '1.234', '1e3', '1,000', '.5', '1.', 'NaN', '9'.repeat(16)]) {
      expect(parseMoney(bad)).toBeNull();
    }
  });

  it('formats minor units with the exact scale and round-trips', () => {
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(5n)).toBe('0.05');
    expect(formatMoney(123456n)).toBe('1234.56');
    expect(formatMoney(-250n)).toBe('-2.50');
    expect(formatMoney(1n, 8)).toBe('0.00000001');
    for (const units of [0n, 1n, 99n, 100n, 987654321n, -42n]) expect(parseMoney(formatMoney(units))).toBe(units);
  });
});
