import { describe, expect, it } from 'vitest';
import { nextSessionChange, sessionStatus, sessionStatusCached, SESSIONS, setHolidays } from './trading-sessions.ts';

const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

describe('trading sessions (New York time)', () => {
  it('crypto trades at every second', () => {
    expect(sessionStatus('24x7', at('2026-11-22T03:00:00Z'))).toBe('trading');
  });

  it('US equities trade 09:30-16:00 New York on weekdays, across daylight saving', () => {
    expect(sessionStatus('us_equities', at('2026-11-23T14:30:00Z'))).toBe('trading'); // Mon 09:30 EST
    expect(sessionStatus('us_equities', at('2026-11-23T14:29:59Z'))).toBe('non_trading');
    expect(sessionStatus('us_equities', at('2026-11-23T21:00:00Z'))).toBe('non_trading'); // 16:00 EST
    expect(sessionStatus('us_equities', at('2026-07-06T13:30:00Z'))).toBe('trading'); // Mon 09:30 EDT
    expect(sessionStatus('us_equities', at('2026-11-21T15:00:00Z'))).toBe('closed'); // Saturday
  });

  it('forex runs Sunday 17:00 to Friday 17:00 New York', () => {
    expect(sessionStatus('fx', at('2026-11-22T21:59:00Z'))).toBe('closed'); // Sun 16:59 EST
    expect(sessionStatus('fx', at('2026-11-22T22:00:00Z'))).toBe('trading');
    expect(sessionStatus('fx', at('2026-11-25T05:00:00Z'))).toBe('trading'); // Wed night
    expect(sessionStatus('fx', at('2026-11-27T22:00:00Z'))).toBe('closed'); // Fri 17:00 EST
  });

  it('Globex has a daily 17:00-18:00 break and opens Sunday 18:00', () => {
    expect(sessionStatus('globex', at('2026-11-24T22:30:00Z'))).toBe('non_trading'); // Tue 17:30 EST
    expect(sessionStatus('globex', at('2026-11-24T23:00:00Z'))).toBe('trading');
    expect(sessionStatus('globex', at('2026-11-22T22:30:00Z'))).toBe('closed'); // Sun 17:30
    expect(sessionStatus('globex', at('2026-11-22T23:00:00Z'))).toBe('trading');
  });

  it('finds the next change and caches without changing answers', () => {
    expect(nextSessionChange('us_equities', at('2026-11-21T15:00:00Z'))).toBe(at('2026-11-23T14:30:00Z'));
    expect(nextSessionChange('24x7', 0)).toBeNull();
    for (const session of SESSIONS) {
      for (let ts = at('2026-11-20T00:00:00Z'); ts < at('2026-11-24T00:00:00Z'); ts += 997) {
        expect(sessionStatusCached(session, ts)).toBe(sessionStatus(session, ts));
      }
    }
  });
});

describe('exchange holidays (operator-kept)', () => {
  it('closes the session for that whole New York day, and only that session', () => {
    const monday = at('2026-11-23T15:00:00Z'); // 10:00 EST
    expect(sessionStatusCached('us_equities', monday)).toBe('trading');
    setHolidays([{ session: 'us_equities', day: '2026-11-23' }]);
    expect(sessionStatusCached('us_equities', monday)).toBe('closed');
    expect(sessionStatus('us_equities', at('2026-11-24T15:00:00Z'))).toBe('trading');
    expect(sessionStatus('fx', monday)).toBe('trading');
    // 23:30 UTC on Monday is still Monday in New York: closed; 05:30 UTC on Tuesday is Tuesday 00:30 there.
    expect(sessionStatus('us_equities', at('2026-11-24T05:30:00Z'))).toBe('non_trading');
    expect(nextSessionChange('us_equities', monday)).toBe(at('2026-11-24T14:30:00Z'));
    setHolidays([]);
    expect(sessionStatusCached('us_equities', monday)).toBe('trading');
  });
});
