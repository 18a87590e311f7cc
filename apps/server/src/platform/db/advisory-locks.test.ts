import { describe, expect, it } from 'vitest';
import { LOCKS } from '../jobs/leader-lock.ts';
import { XACT_LOCKS } from './advisory-locks.ts';

describe('advisory lock keys', () => {
  it('no two locks share a key, transaction locks and job leaders together', () => {
    const keys = [...Object.values(XACT_LOCKS), ...Object.values(LOCKS)];
    expect(new Set(keys).size).toBe(keys.length);
  });
});
