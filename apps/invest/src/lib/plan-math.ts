import { accruedAfter, dayOf, dayStart, formatMoney, parseMoney } from '@app/contracts';

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
  const today = dayOf(nowSeconds, timeZone);
  return {
    startsEarning: dayStart(today + 1, timeZone),
    firstCredit: dayStart(today + 2, timeZone),
    maturity: dayStart(today + days + 1, timeZone),
  };
}

/** The platform's day and its start: one definition, shared with the server (packages/contracts). */
export { dayOf as platformDay, dayOfLabel, dayStart as dayStartSeconds } from '@app/contracts';

/** "2026-11-23" → seconds at noon UTC of that date, for date-only formatting. */
export function labelToSeconds(label: string): number {
  return Date.parse(`${label}T12:00:00Z`) / 1000;
}
