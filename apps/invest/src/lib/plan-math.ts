import { accruedAfter, formatMoney, parseMoney } from '@app/contracts';

const DAY = 86_400;

/** Interest of `amount` over the plan's days under the stated rule (floor to the cent per lot). */
export function interestFor(amount: string, ratePct: string, days: number): string | null {
  const units = parseMoney(amount.trim());
  const bp = Math.round(Number(ratePct) * 100);
  if (units === null || units <= 0n || !Number.isFinite(bp)) return null;
  return formatMoney(accruedAfter(units, bp, days));
}

export function plus(a: string, b: string): string {
  return formatMoney((parseMoney(a) ?? 0n) + (parseMoney(b) ?? 0n));
}

export function minus(a: string, b: string): string {
  return formatMoney((parseMoney(a) ?? 0n) - (parseMoney(b) ?? 0n));
}

/**
 * The timeline of money put in now (seconds, platform days): it earns from the next platform day, each
 * day's interest is credited when the day is over, and the last day's credit comes with the principal.
 */
export function timeline(nowSeconds: number, days: number, timeZone: string) {
  const today = platformDay(nowSeconds, timeZone);
  const start = dayStartSeconds(today + 1, timeZone);
  return {
    startsEarning: start,
    firstCredit: dayStartSeconds(today + 2, timeZone),
    maturity: dayStartSeconds(today + days + 1, timeZone),
  };
}

function offset(seconds: number, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(seconds * 1000))
      .map((x) => [x.type, x.value]),
  );
  return (
    Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second)) /
      1000 -
    seconds
  );
}

export function platformDay(seconds: number, timeZone: string): number {
  return Math.floor((seconds + offset(seconds, timeZone)) / DAY);
}

export function dayStartSeconds(day: number, timeZone: string): number {
  const local = day * DAY;
  return local - offset(local - offset(local, timeZone), timeZone);
}

/** "2026-11-23" → seconds at noon UTC of that date, for date-only formatting. */
export function labelToSeconds(label: string): number {
  return Date.parse(`${label}T12:00:00Z`) / 1000;
}
