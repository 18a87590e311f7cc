import { zonedParts } from '@app/contracts';

/* Wall-clock facts in the platform's time zone (withdrawal hours, "today"), from seconds since the epoch. */

/** Minutes since local midnight. */
export function localMinutes(seconds: number, timeZone: string): number {
  const p = zonedParts(seconds, timeZone);
  return p.hour * 60 + p.minute;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether local time is within [from, to) (a window may wrap past midnight; from == to means all day). */
export function withinWindow(seconds: number, timeZone: string, from: string, to: string): boolean {
  const m = localMinutes(seconds, timeZone);
  const a = toMinutes(from);
  const b = toMinutes(to);
  if (a === b) return true;
  return a < b ? m >= a && m < b : m >= a || m < b;
}

/**
 * The next moment the window opens, or null while it is open. Counted in wall-clock minutes from now, so on the
 * night a daylight-saving change falls inside the wait it can be an hour off (the window's own check stays right).
 */
export function windowOpensAt(seconds: number, timeZone: string, from: string, to: string): number | null {
  if (withinWindow(seconds, timeZone, from, to)) return null;
  const wait = (toMinutes(from) - localMinutes(seconds, timeZone) + 1440) % 1440;
  return seconds - (seconds % 60) + wait * 60;
}

/** "2026-11-23 14:05" in the zone, for messages that name a time. */
export function localDateTime(seconds: number, timeZone: string): string {
  const p = zonedParts(seconds, timeZone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)} ${two(p.hour)}:${two(p.minute)}`;
}
