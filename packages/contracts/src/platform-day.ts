/**
 * The platform's calendar, one for the server and the front end. A platform day is a calendar day in the
 * platform's time zone (PLATFORM_TZ on the server), numbered from 1970-01-01 (day 0), so that day arithmetic is
 * integer arithmetic and a daylight-saving shift never skips or repeats a day. Instants are seconds since the
 * epoch. Accrual, check-in, practice resets, withdrawal limits and results by day all count days with this.
 */

/** One formatter per zone: building an Intl format is the expensive part, and accrual and withdrawals ask often. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

export type ZonedParts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

/** The wall-clock reading in `timeZone` at an instant. */
export function zonedParts(seconds: number, timeZone: string): ZonedParts {
  const p = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(new Date(seconds * 1000))
      .map((x) => [x.type, x.value]),
  );
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** Seconds the zone is ahead of UTC at that instant. */
function offsetAt(seconds: number, timeZone: string): number {
  const p = zonedParts(seconds, timeZone);
  const local = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) / 1000;
  return local - seconds;
}

/** The platform day that contains the instant. */
export function dayOf(seconds: number, timeZone: string): number {
  return Math.floor((seconds + offsetAt(seconds, timeZone)) / 86_400);
}

/** The instant the platform day begins. */
export function dayStart(day: number, timeZone: string): number {
  const local = day * 86_400;
  const guess = local - offsetAt(local, timeZone);
  return local - offsetAt(guess, timeZone);
}

/** A platform day as a date: "2026-11-23". */
export function dayLabel(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** The date of the platform day that contains the instant: "2026-11-23". */
export function platformDate(seconds: number, timeZone: string): string {
  return dayLabel(dayOf(seconds, timeZone));
}
