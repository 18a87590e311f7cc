import { zonedParts } from '../platform-time/zoned-parts.ts';

/**
 * Platform calendar days. A "day" of accrual is a calendar day in PLATFORM_TZ, numbered from 1970-01-01
 * (day 0), so day arithmetic is integer arithmetic and daylight-saving shifts never skip or repeat one.
 */
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

/** The instant (seconds) the platform day begins. */
export function dayStart(day: number, timeZone: string): number {
  const local = day * 86_400;
  const guess = local - offsetAt(local, timeZone);
  return local - offsetAt(guess, timeZone);
}

/** "2026-11-23" */
export function dayLabel(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}
