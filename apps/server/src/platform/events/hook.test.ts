import { describe, expect, it } from 'vitest';
import { Hook } from './hook.ts';

describe('Hook', () => {
  it('runs its listeners in the order they were added, one after the other, and returns their results', async () => {
    const hook = new Hook<[n: number], number>('double');
    const seen: string[] = [];
    hook.on(async (n) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push('first');
      return n * 2;
    });
    hook.on((n) => {
      seen.push('second');
      return n * 3;
    });
    expect(await hook.emit(7)).toEqual([14, 21]);
    expect(seen).toEqual(['first', 'second']);
  });

  it('refuses to fire a required hook nobody listens to, and fires an optional one quietly', async () => {
    await expect(new Hook<[]>('settled').emit()).rejects.toThrow(/no listener for the required hook "settled"/);
    await expect(new Hook<[]>('woken', { required: false }).emit()).resolves.toEqual([]);
  });

  it('stops calling a listener once it is removed, and lets a failure reach the emitter', async () => {
    const hook = new Hook<[]>('x', { required: false });
    let calls = 0;
    const off = hook.on(() => void calls++);
    await hook.emit();
    off();
    await hook.emit();
    expect(calls).toBe(1);
    hook.on(() => {
      throw new Error('refused');
    });
    await expect(hook.emit()).rejects.toThrow('refused');
  });
});
