import { describe, expect, it } from 'vitest';
import { openingClass } from '../lib/opening-class.ts';

describe('the class the quotes list opens on', () => {
  it('is the first class with a product trading (Forex closed at the weekend: crypto)', () => {
    expect(
      openingClass([
        { class: 'forex', status: 'closed' },
        { class: 'metals', status: 'closed' },
        { class: 'crypto', status: 'trading' },
      ]),
    ).toBe('crypto');
  });

  it('is Forex, the first tab, when it trades or when nothing does', () => {
    expect(
      openingClass([
        { class: 'crypto', status: 'trading' },
        { class: 'forex', status: 'trading' },
      ]),
    ).toBe('forex');
    expect(openingClass([{ class: 'forex', status: 'closed' }])).toBe('forex');
  });
});
