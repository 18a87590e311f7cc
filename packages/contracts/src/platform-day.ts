import { TZDateMini } from '@date-fns/tz/date/mini';

/**
 * The platform's calendar, one for the server and the front end. A platform day is a calendar day in the
 * platform's time zone (PLATFORM_TZ on the server), numbered from 1970-01-01 (day 0), so that day arithmetic is
 * integer arithmetic and a daylight-saving shift never skips or repeats a day. Instants are seconds since the
 * epoch. Accrual, check-in, practice resets, withdrawal limits and results by day all count days with this, and
 * so does every other "which day is it" question of the product (a statement's date range in the reader's zone):
 * the zone rules are @date-fns/tz's (the time zone database of Intl), not arithmetic with 86,400.
 */

const DAY_MS = 86_400_000;

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock reading in `timeZone` at an instant. */
export function zonedParts(seconds: number, timeZone: string): ZonedParts {
  const d = new TZDateMini(seconds * 1000, timeZone);
  return {
    year: d.getFullYear(),
    month: d.getMonth() + 1,
    day: d.getDate(),
    hour: d.getHours(),
    minute: d.getMinutes(),
    second: d.getSeconds(),
  };
}

/** The platform day that contains the instant. */
export function dayOf(seconds: number, timeZone: string): number {
  const d = new TZDateMini(seconds * 1000, timeZone);
  return Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY_MS;
}

/**
 * The instant the platform day begins: its local midnight, or the first moment of the day where a
 * daylight-saving change skips midnight (America/Santiago begins such a day at 01:00).
 */
export function dayStart(day: number, timeZone: string): number {
  const date = new Date(day * DAY_MS);
  const start = new TZDateMini(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate(), timeZone);
  return Math.floor(start.getTime() / 1000);
}

/** A platform day as a date: "2026-11-23". */
export function dayLabel(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** The platform day of a date ("2026-11-23"), as the server's `last_day` fields and date inputs give it. */
export function dayOfLabel(label: string): number {
  const [year, month, day] = label.split('-').map(Number);
  return Date.UTC(year!, month! - 1, day!) / DAY_MS;
}

/** The date of the platform day that contains the instant: "2026-11-23". */
export function platformDate(seconds: number, timeZone: string): string {
  return dayLabel(dayOf(seconds, timeZone));
}

/** The instants of whole days from `from` to `to` (dates, both included) in a zone: [start, end). */
export function datesSpan(from: string, to: string, timeZone: string): { start: number; end: number } {
  return { start: dayStart(dayOfLabel(from), timeZone), end: dayStart(dayOfLabel(to) + 1, timeZone) };
}
