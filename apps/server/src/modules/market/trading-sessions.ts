import type { MarketStatus } from '@app/contracts';

/**
 * Trading calendars in New York time, which is where forex, CME Globex and US equity hours are
 * defined (Intl applies daylight saving). Exchange holidays are an operator-kept list (market_holidays): on one, the
 * session is closed for that whole New York day.
 *   24x7         crypto
 *   fx           spot forex: Sunday 17:00 to Friday 17:00, continuous
 *   globex       metals and futures: Sunday 18:00 to Friday 17:00, daily break 17:00-18:00
 *   us_equities  Monday to Friday 09:30-16:00
 */
export const SESSIONS = ['24x7', 'fx', 'globex', 'us_equities'] as const;
export type SessionName = (typeof SESSIONS)[number];

const nyFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const WEEKDAYS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

function newYork(ts: number): { day: number; minutes: number; date: string } {
  const parts = nyFormat.formatToParts(new Date(ts * 1000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    day: WEEKDAYS[get('weekday')]!,
    minutes: Number(get('hour')) * 60 + Number(get('minute')),
    date: `${get('year')}-${get('month')}-${get('day')}`,
  };
}

/** `session|YYYY-MM-DD` of every holiday, as the database last said (see refreshHolidays). */
let holidays = new Set<string>();

/** Replaces the holiday list (from market_holidays); the cached statuses are worked out again. */
export function setHolidays(list: ReadonlyArray<{ session: string; day: string }>) {
  const next = new Set(list.map((h) => `${h.session}|${h.day}`));
  if (next.size === holidays.size && [...next].every((k) => holidays.has(k))) return;
  holidays = next;
  halfHourCache.clear();
}

type SessionStatus = Exclude<MarketStatus, 'forbidden'>;

export function sessionStatus(session: SessionName, ts: number): SessionStatus {
  if (session === '24x7') return 'trading';
  const { day, minutes, date } = newYork(ts);
  if (holidays.has(`${session}|${date}`)) return 'closed';
  const at = (h: number, m = 0) => h * 60 + m;
  switch (session) {
    case 'fx':
      if (day === 6 || (day === 0 && minutes < at(17)) || (day === 5 && minutes >= at(17))) return 'closed';
      return 'trading';
    case 'globex':
      if (day === 6 || (day === 0 && minutes < at(18)) || (day === 5 && minutes >= at(17))) return 'closed';
      return minutes >= at(17) && minutes < at(18) ? 'non_trading' : 'trading';
    case 'us_equities':
      if (day === 0 || day === 6) return 'closed';
      return minutes >= at(9, 30) && minutes < at(16) ? 'trading' : 'non_trading';
  }
}

/** The next second at which the session opens or closes; every boundary is on a half hour in New York. */
export function nextSessionChange(session: SessionName, ts: number): number | null {
  if (session === '24x7') return null;
  const now = sessionStatus(session, ts) === 'trading';
  let probe = Math.floor(ts / 1800) * 1800 + 1800;
  // Far enough to pass a week-end next to a holiday or two.
  for (let i = 0; i < 16 * 48; i++, probe += 1800) {
    if ((sessionStatus(session, probe) === 'trading') !== now) return probe;
  }
  return null;
}

/** Status only changes on half hours, so one look-up per session and half hour serves every second in it. */
const halfHourCache = new Map<number, SessionStatus>();
export function sessionStatusCached(session: SessionName, ts: number): SessionStatus {
  const bucket = Math.floor(ts / 1800);
  const key = bucket * 4 + SESSIONS.indexOf(session);
  let value = halfHourCache.get(key);
  if (!value) {
    if (halfHourCache.size > 50_000) halfHourCache.clear();
    halfHourCache.set(key, (value = sessionStatus(session, bucket * 1800)));
  }
  return value;
}
