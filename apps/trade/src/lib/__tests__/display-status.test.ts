import { describe, expect, it } from 'vitest';
import { displayStatus, type DisplayStatus } from '../display-status.ts';

describe('displayStatus', () => {
  it('says "delayed" for a product in session whose source has gone quiet, whatever the stream did', () => {
    expect(displayStatus('trading', { live: true, delayed: true }, true)).toBe('delayed');
    expect(displayStatus('trading', { live: true, delayed: false }, true)).toBe('trading');
  });
  it('keeps the calendar and the operator first: a closed or suspended market is not "delayed"', () => {
    expect(displayStatus('closed', { live: false, delayed: true }, false)).toBe('closed');
    expect(displayStatus('forbidden', { live: true, delayed: true }, false)).toBe('forbidden');
  });
  it('is "starting" before the first live price of a product that is not delayed', () => {
    expect(displayStatus('trading', { live: false, delayed: false }, false)).toBe('starting');
  });
});

describe('the words for each status', () => {
  it('exist for every status a screen can show: the badge and the note under the order buttons', async () => {
    const en = (await import('../../locales/en.json')).default as {
      status: Record<string, string>;
      sheet: { notTrading: Record<string, string> };
    };
    const shown: DisplayStatus[] = ['trading', 'closed', 'non_trading', 'forbidden', 'starting', 'delayed'];
    for (const status of shown) {
      expect(en.status[status], `status.${status}`).toBeTruthy();
      expect(en.sheet.notTrading[status], `sheet.notTrading.${status}`).toBeTruthy();
    }
  });
});
