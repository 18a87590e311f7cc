import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedCheck } from './shared-check.ts';

describe('sharedCheck', () => {
  afterEach(() => vi.useRealTimers());

  it('runs one check for callers that ask while it is out, and none while its success is fresh', async () => {
    vi.useFakeTimers();
    let release!: () => void;
    const check = vi.fn(() => new Promise<void>((resolve) => (release = resolve)));
    const shared = sharedCheck(check, 250);
    const waiting = Promise.all([shared(), shared(), shared()]);
    expect(check).toHaveBeenCalledTimes(1);
    release();
    await waiting;
    expect(shared.fresh()).toBe(true);
    await shared();
    expect(check).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(250);
    expect(shared.fresh()).toBe(false);
    const again = shared();
    expect(check).toHaveBeenCalledTimes(2);
    release();
    await again;
  });

  it('keeps no failure: each caller after one checks again, and hears of it', async () => {
    const check = vi.fn().mockRejectedValueOnce(new Error('down')).mockResolvedValue(undefined);
    const shared = sharedCheck(check, 250);
    await expect(shared()).rejects.toThrow('down');
    expect(shared.fresh()).toBe(false);
    await expect(shared()).resolves.toBeUndefined();
    expect(check).toHaveBeenCalledTimes(2);
  });
});
