import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dayLabel, dayOf, dayStart, platformDate, zonedParts } from './platform-day.ts';

const SHANGHAI = 'Asia/Shanghai';
const BERLIN = 'Europe/Berlin';
const at = (iso: string) => Date.parse(iso) / 1000;

describe('the platform day', () => {
  it('turns at local midnight, not at UTC midnight', () => {
    // 2026-11-23 23:59:59 and 2026-11-24 00:00:00 in Shanghai (UTC+8).
    expect(platformDate(at('2026-11-23T15:59:59Z'), SHANGHAI)).toBe('2026-11-23');
    expect(platformDate(at('2026-11-23T16:00:00Z'), SHANGHAI)).toBe('2026-11-24');
    expect(dayStart(dayOf(at('2026-11-24T03:00:00Z'), SHANGHAI), SHANGHAI)).toBe(at('2026-11-23T16:00:00Z'));
  });

  it('starts at the local midnight on a daylight-saving day, and such a day lasts 23 or 25 hours', () => {
    const spring = dayOf(at('2026-03-29T12:00:00Z'), BERLIN);
    expect(dayLabel(spring)).toBe('2026-03-29');
    expect(dayStart(spring, BERLIN)).toBe(at('2026-03-28T23:00:00Z'));
    expect(dayStart(spring + 1, BERLIN) - dayStart(spring, BERLIN)).toBe(23 * 3600);
    const autumn = dayOf(at('2026-10-25T12:00:00Z'), BERLIN);
    expect(dayStart(autumn + 1, BERLIN) - dayStart(autumn, BERLIN)).toBe(25 * 3600);
  });

  it('contains every instant between its start and the next day start, in any zone', () => {
    const zones = [SHANGHAI, BERLIN, 'America/New_York', 'Asia/Kolkata', 'UTC'];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4_000_000_000 }), fc.constantFrom(...zones), (seconds, zone) => {
        const day = dayOf(seconds, zone);
        expect(dayStart(day, zone)).toBeLessThanOrEqual(seconds);
        expect(dayStart(day + 1, zone)).toBeGreaterThan(seconds);
        const p = zonedParts(seconds, zone);
        const two = (n: number) => String(n).padStart(2, '0');
        expect(platformDate(seconds, zone)).toBe(`${p.year}-${two(p.month)}-${two(p.day)}`);
      }),
    );
  });
});
