import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMoney, formatNumber, formatPrice } from '../formatters.ts';

describe('formatMoney', () => {
  it('formats a decimal string with grouping and the unit U', () => {
    expect(formatMoney('1234.56', 'en')).toBe('1,234.56 U');
    expect(formatMoney('1234.5', 'en')).toBe('1,234.50 U');
    expect(formatMoney('0', 'en')).toBe('0.00 U');
    expect(formatMoney('-12.3', 'en')).toBe('\u221212.30 U');
  });

  it('follows the language for separators', () => {
    expect(formatMoney('1234.56', 'de')).toBe('1.234,56 U');
  });

  it('keeps every digit of large amounts (no float rounding)', () => {
    expect(formatMoney('123456789012345.67', 'en')).toBe('123,456,789,012,345.67 U');
  });

  it('prints a loss with the minus sign U+2212 in every language, never the hyphen', () => {
    for (const lang of ['en', 'de', 'fr', 'th', 'zh', 'jp'] as const) {
      expect(formatMoney('-1234.5', lang)).toMatch(/^\u22121\D?234[.,]50 U$/);
      expect(formatNumber('-0.5', lang)).not.toContain('-');
    }
  });

  it('gives a figure that rounds to zero from below, or is written with an exponent, the same minus', () => {
    expect(formatNumber(-0.001, 'en', 2)).toBe('\u22120.00');
    expect(formatNumber(-0, 'en', 1)).toBe('\u22120.0');
    expect(formatNumber('-1e-7', 'de', 2)).toBe('\u22120,00');
    expect(formatNumber('1e-7', 'de', 2)).toBe('0,00');
    expect(formatNumber(96010.88, 'en', 2)).toBe('96,010.88');
  });

  it('prints a recorded price with all its digits and grouping', () => {
    expect(formatPrice('96010.88', 'en')).toBe('96,010.88 U');
    expect(formatPrice('0.123456', 'de')).toBe('0,123456 U');
    expect(formatPrice('5', 'en')).toBe('5.00 U');
  });

  it('shows a dash for something that is not an amount', () => {
    expect(formatMoney('abc', 'en')).toBe('— U');
  });
});

describe('time formatters', () => {
  it('reads server timestamps as seconds', () => {
    const text = formatDateTime(0, 'en');
    expect(text).toMatch(/1970|1969/);
  });

  it('formats countdowns', () => {
    expect(formatDuration(59)).toBe('0:59');
    expect(formatDuration(125)).toBe('2:05');
    expect(formatDuration(3725)).toBe('1:02:05');
  });
});
