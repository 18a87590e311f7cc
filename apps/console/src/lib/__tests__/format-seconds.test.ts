import { expect, it } from 'vitest';
import { formatSeconds } from '../format.ts';

it('says a span in the largest unit it fills, in the console language', () => {
  expect(formatSeconds(86_400, 'en')).toBe('1 day');
  expect(formatSeconds(7 * 86_400, 'en')).toBe('7 days');
  expect(formatSeconds(3_600, 'en')).toBe('1 hour');
  expect(formatSeconds(5_400, 'en')).toBe('90 minutes');
  expect(formatSeconds(2 * 86_400 + 3_600, 'en')).toBe('2 days');
  expect(formatSeconds(90, 'en')).toBe('90 seconds');
  expect(formatSeconds(0, 'en')).toBe('0 seconds');
  expect(formatSeconds(86_400, 'zh')).toBe('1天');
});
