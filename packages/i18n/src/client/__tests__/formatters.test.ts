import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMoney } from '../formatters.ts';

describe('formatMoney', () => {
  it('formats a decimal string with grouping and the unit U', () => {
    expect(formatMoney('1234.56', 'en')).toBe('1,234.56 U');
    expect(formatMoney('1234.5', 'en')).toBe('1,234.50 U');
    expect(formatMoney('0', 'en')).toBe('0.00 U');
    expect(formatMoney('-12.3', 'en')).toBe('-12.30 U');
  });

  it('follows the language for separators', () => {
    expect(formatMoney('1234.56', 'de')).toBe('1.234,56 U');
  });

  it('keeps every digit of large amounts (no float rounding)', () => {
    expect(formatMoney('123456789012345.67', 'en')).toBe('123,456,789,012,345.67 U');
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
