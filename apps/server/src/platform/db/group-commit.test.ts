import { describe, expect, it } from 'vitest';
import { GroupCommit, type Outcome } from './group-commit.ts';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('GroupCommit', () => {
  it('starts a lone request at once and batches what arrives while it runs', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        await tick();
        return items.map((i): Outcome<number> => ({ ok: true, value: i * 10 }));
      },
      { maxBatch: 50, maxInFlight: 1 },
    );
    const first = gc.submit(1);
    const rest = [2, 3, 4, 5].map((i) => gc.submit(i));
    expect(await first).toBe(10);
    expect(await Promise.all(rest)).toEqual([20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
  });

  it('caps a batch and the batches in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const sizes: number[] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        inFlight++;
        most = Math.max(most, inFlight);
        sizes.push(items.length);
        await tick();
        inFlight--;
        return items.map((i) => ({ ok: true, value: i }));
      },
      { maxBatch: 3, maxInFlight: 2 },
    );
    const all = await Promise.all(Array.from({ length: 20 }, (_, i) => gc.submit(i)));
    expect(all).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(2);
    expect(Math.max(...sizes)).toBe(3);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(20);
  });

  it('refuses one request alone, and every request of a batch that fails as a whole', async () => {
    const gc = new GroupCommit<number, number>(
      async (items) => {
        await tick();
        if (items.includes(99)) throw new Error('batch failed');
        return items.map((i) => (i % 2 ? { ok: false, error: new Error(`odd ${i}`) } : { ok: true, value: i }));
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2), gc.submit(3)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected']);
    await expect(gc.submit(99)).rejects.toThrow('batch failed');
    expect(await gc.submit(4)).toBe(4);
  });

  it('refuses the requests waiting behind a batch the database did not answer, without running them', async () => {
    const ran: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        ran.push(items);
        await tick();
        throw new Error('Query read timeout');
      },
      { maxBatch: 2, maxInFlight: 1 },
    );
    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((i) => gc.submit(i)));
    expect(results.every((r) => r.status === 'rejected')).toBe(true);
    expect(ran).toEqual([[1]]);
  });

  it('under load, waits up to gatherMs for the clients of the batch just answered; a quiet one never waits', async () => {
    const batches: number[][] = [];
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        await tick();
        return items.map((i): Outcome<number> => ({ ok: true, value: i }));
      },
      { maxBatch: 50, maxInFlight: 1, gatherMs: 200 },
    );
    // Quiet: a lone request starts at once (the batch is called in the same task).
    void gc.submit(1);
    expect(batches).toEqual([[1]]);
    await tick();
    await tick();
    // [3] and [4] wait while [2] runs; answered, [2]'s client is expected back too, and the slot waits for it.
    const second = gc.submit(2);
    const waiting = [3, 4].map((i) => gc.submit(i));
    await second;
    await tick();
    expect(batches).toEqual([[1], [2]]);
    await Promise.all([...waiting, gc.submit(5)]);
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    // Whoever does not come back is waited for no longer than gatherMs.
    const started = Date.now();
    expect(await gc.submit(6)).toBe(6);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(batches.at(-1)).toEqual([6]);
  });

  it('after a batch the database did not answer, the next request starts at once instead of gathering', async () => {
    const batches: number[][] = [];
    let down = false;
    const gc = new GroupCommit<number, number>(
      async (items) => {
        batches.push(items);
        await tick();
        if (down) throw new Error('Query read timeout');
        return items.map((i): Outcome<number> => ({ ok: true, value: i }));
      },
      { maxBatch: 50, maxInFlight: 1, gatherMs: 200 },
    );
    // A batch of three answered: three clients are expected back.
    void gc.submit(0);
    await Promise.all([1, 2, 3].map((i) => gc.submit(i)));
    expect(batches).toEqual([[0], [1, 2, 3]]);
    // They come back as the database goes silent: their batch starts at once, and every request of it is refused.
    down = true;
    const refused = await Promise.allSettled([4, 5, 6].map((i) => gc.submit(i)));
    expect(batches.at(-1)).toEqual([4, 5, 6]);
    expect(refused.every((r) => r.status === 'rejected')).toBe(true);
    // Back: a request is run in the task it arrives in, not held for clients that were refused.
    down = false;
    const next = gc.submit(7);
    expect(batches.at(-1)).toEqual([7]);
    expect(await next).toBe(7);
  });
});
