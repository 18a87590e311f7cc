import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { datesSpan, dayLabel, dayOf, dayOfLabel, dayStart, platformDate, zonedParts } from './platform-day.ts';

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

  it('follows America/New_York over spring forward and fall back', () => {
    const NY = 'America/New_York';
    // 2026-03-08: 02:00 EST jumps to 03:00 EDT; the day starts at 00:00 EST (05:00Z) and lasts 23 hours.
    const spring = dayOfLabel('2026-03-08');
    expect(dayStart(spring, NY)).toBe(at('2026-03-08T05:00:00Z'));
    expect(dayStart(spring + 1, NY)).toBe(at('2026-03-09T04:00:00Z'));
    expect(dayOf(at('2026-03-08T06:59:59Z'), NY)).toBe(spring); // 01:59:59 EST
    expect(dayOf(at('2026-03-09T03:59:59Z'), NY)).toBe(spring); // 23:59:59 EDT
    // 2026-11-01: 02:00 EDT falls back to 01:00 EST; the day starts at 00:00 EDT (04:00Z) and lasts 25 hours.
    const autumn = dayOfLabel('2026-11-01');
    expect(dayStart(autumn, NY)).toBe(at('2026-11-01T04:00:00Z'));
    expect(dayStart(autumn + 1, NY) - dayStart(autumn, NY)).toBe(25 * 3600);
    expect(dayOf(at('2026-11-02T04:30:00Z'), NY)).toBe(autumn); // 23:30 EST, still Sunday
    // A statement from Sunday to Sunday takes the whole 25-hour day, not 24 hours from midnight.
    expect(datesSpan('2026-11-01', '2026-11-01', NY)).toEqual({
      start: at('2026-11-01T04:00:00Z'),
      end: at('2026-11-02T05:00:00Z'),
    });
    // A week back from 00:30 EDT on 2026-03-14 is 2026-03-07; 7 × 86,400 s back is 23:30 EST on the 6th.
    const now = at('2026-03-14T04:30:00Z');
    expect(dayLabel(dayOf(now, NY) - 7)).toBe('2026-03-07');
    expect(platformDate(now - 7 * 86_400, NY)).toBe('2026-03-06');
  });

  it('begins a day whose midnight a DST change skips at its first moment', () => {
    // America/Santiago moved from 00:00 to 01:00 on 2026-09-06.
    expect(dayStart(dayOfLabel('2026-09-06'), 'America/Santiago')).toBe(at('2026-09-06T04:00:00Z'));
    expect(dayLabel(dayOfLabel('2026-02-28') + 1)).toBe('2026-03-01');
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
