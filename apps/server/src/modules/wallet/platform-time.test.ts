import { describe, expect, it } from 'vitest';
import { windowOpensAt, withinWindow } from './platform-time.ts';

const at = (iso: string) => Date.parse(iso) / 1000;
const SHANGHAI = 'Asia/Shanghai';

describe('when the withdrawal window opens next', () => {
  it('is null while the window is open', () => {
    expect(windowOpensAt(at('2026-11-27T04:00:00Z'), SHANGHAI, '09:00', '21:00')).toBeNull();
    expect(windowOpensAt(at('2026-11-27T04:00:00Z'), SHANGHAI, '00:00', '00:00')).toBeNull();
  });

  it('is the next local opening: later the same day, or the next morning', () => {
    // 06:30 in Shanghai: opens at 09:00 the same day.
    expect(windowOpensAt(at('2026-11-26T22:30:15Z'), SHANGHAI, '09:00', '21:00')).toBe(at('2026-11-27T01:00:00Z'));
    // 22:10 in Shanghai: opens at 09:00 the next day.
    expect(windowOpensAt(at('2026-11-27T14:10:00Z'), SHANGHAI, '09:00', '21:00')).toBe(at('2026-11-28T01:00:00Z'));
  });

  it('is inside the window, for a window past midnight too', () => {
    for (const now of [at('2026-11-27T12:00:00Z'), at('2026-11-27T18:30:00Z')]) {
      const opens = windowOpensAt(now, SHANGHAI, '22:00', '02:00')!;
      expect(opens).toBeGreaterThan(now);
      expect(withinWindow(opens, SHANGHAI, '22:00', '02:00')).toBe(true);
      expect(withinWindow(opens - 60, SHANGHAI, '22:00', '02:00')).toBe(false);
    }
  });
});
