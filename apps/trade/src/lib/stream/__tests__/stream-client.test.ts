import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Tick } from '@app/contracts';
import { StreamClient, type SocketLike } from '../stream-client.ts';

/** A WebSocket stand-in: records what was sent and lets the test open, feed and drop it. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  tick(s: string, p: string, t: number) {
    this.onmessage?.({ data: JSON.stringify({ type: 'tick', s, p, t }) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

const last = () => FakeSocket.all[FakeSocket.all.length - 1]!;

function makeClient(extra: Partial<ConstructorParameters<typeof StreamClient>[0]> = {}) {
  return new StreamClient({
    url: () => 'ws://test/api/stream',
    createSocket: (url) => new FakeSocket(url),
    random: () => 0.5, // no jitter: delays are exactly base * 2^attempt
    baseDelayMs: 500,
    maxDelayMs: 8000,
    ...extra,
  });
}

describe('StreamClient', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('connects on the first subscription and subscribes to every symbol once open', () => {
    const client = makeClient();
    client.subscribe('BTC/USDT', () => {});
    client.subscribe('ETH/USDT', () => {});
    client.subscribe('BTC/USDT', () => {});
    expect(FakeSocket.all).toHaveLength(1);
    expect(last().url).toBe('ws://test/api/stream');
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', symbols: ['BTC/USDT', 'ETH/USDT'] }]);
    expect(client.status).toBe('open');
  });

  it('delivers ticks to the listeners of their symbol, unchanged, and drops replays and older ticks', () => {
    const client = makeClient();
    const btc: Tick[] = [];
    const eth: Tick[] = [];
    client.subscribe('BTC/USDT', (t) => btc.push(t));
    client.subscribe('ETH/USDT', (t) => eth.push(t));
    last().open();
    last().tick('BTC/USDT', '93246.92', 100);
    last().tick('ETH/USDT', '3274.53', 100);
    last().tick('BTC/USDT', '93246.92', 100); // the replay after a subscribe
    last().tick('BTC/USDT', '93200.00', 99); // out of order
    last().tick('BTC/USDT', '93250.10', 101);
    expect(btc).toEqual([
      { s: 'BTC/USDT', p: '93246.92', t: 100 },
      { s: 'BTC/USDT', p: '93250.10', t: 101 },
    ]);
    expect(eth).toEqual([{ s: 'ETH/USDT', p: '3274.53', t: 100 }]);
    expect(client.latestTick('BTC/USDT')).toEqual({ s: 'BTC/USDT', p: '93250.10', t: 101 });
  });

  it('sends sub and unsub as symbols come and go (reference-counted)', () => {
    const client = makeClient();
    const stopA = client.subscribe('BTC/USDT', () => {});
    last().open();
    const stopB = client.subscribe('BTC/USDT', () => {});
    const stopC = client.subscribe('SOL/USDT', () => {});
    stopA();
    expect(last().sent).toEqual([
      { op: 'sub', symbols: ['BTC/USDT'] },
      { op: 'sub', symbols: ['SOL/USDT'] },
    ]);
    stopB();
    stopC();
    expect(last().sent.slice(2)).toEqual([
      { op: 'unsub', symbols: ['BTC/USDT'] },
      { op: 'unsub', symbols: ['SOL/USDT'] },
    ]);
  });

  it('reconnects with exponential backoff and resubscribes to everything it had', () => {
    const client = makeClient();
    const seen: Tick[] = [];
    client.subscribe('BTC/USDT', (t) => seen.push(t));
    client.subscribe('ETH/USDT', () => {});
    last().open();
    last().tick('BTC/USDT', '1.00', 10);

    last().drop();
    expect(client.status).toBe('reconnecting');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // The second attempt fails before opening: the next wait doubles.
    last().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);

    last().open();
    expect(last().sent).toEqual([{ op: 'sub', symbols: ['BTC/USDT', 'ETH/USDT'] }]);
    last().tick('BTC/USDT', '1.00', 10); // the server's replay of what we already had
    last().tick('BTC/USDT', '1.01', 11);
    expect(seen.map((t) => t.p)).toEqual(['1.00', '1.01']);

    // A successful open resets the backoff.
    last().drop();
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(4);
  });

  it('caps the backoff', () => {
    const client = makeClient();
    client.subscribe('BTC/USDT', () => {});
    for (let i = 0; i < 8; i++) {
      last().drop();
      vi.advanceTimersByTime(8000);
    }
    const count = FakeSocket.all.length;
    last().drop();
    vi.advanceTimersByTime(7999);
    expect(FakeSocket.all).toHaveLength(count);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(count + 1);
  });

  it('treats a silent socket as dead: pings, then reconnects when nothing answers', () => {
    const client = makeClient({ pingMs: 1000, staleMs: 2500 });
    client.subscribe('BTC/USDT', () => {});
    const first = last();
    first.open();
    vi.advanceTimersByTime(1000);
    expect(first.sent).toContainEqual({ op: 'ping' });
    vi.advanceTimersByTime(2000);
    expect(first.closed).toBe(true);
    vi.advanceTimersByTime(500);
    expect(FakeSocket.all).toHaveLength(2);
    last().open();
    expect(last().sent).toEqual([{ op: 'sub', symbols: ['BTC/USDT'] }]);
  });

  it('does not reconnect when nothing is subscribed, and closes an idle socket', () => {
    const client = makeClient({ idleCloseMs: 1000 });
    const stop = client.subscribe('BTC/USDT', () => {});
    last().open();
    stop();
    vi.advanceTimersByTime(1000);
    expect(last().closed).toBe(true);
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('hands a new subscriber the latest known tick at once', async () => {
    const client = makeClient();
    client.subscribe('BTC/USDT', () => {});
    last().open();
    last().tick('BTC/USDT', '5.00', 50);
    const seen: Tick[] = [];
    client.subscribe('BTC/USDT', (t) => seen.push(t));
    await Promise.resolve();
    expect(seen).toEqual([{ s: 'BTC/USDT', p: '5.00', t: 50 }]);
  });

  it('estimates the server clock from consecutive live ticks only', () => {
    let now = 1_000_000;
    const client = makeClient({ now: () => now });
    client.subscribe('BTC/USDT', () => {});
    last().open();
    expect(client.serverNow()).toBe(now);
    last().tick('BTC/USDT', '1.00', 1002); // the replay on subscribe: may be hours old, never sampled
    expect(client.serverNow()).toBe(now);
    now = 1_000_500;
    last().tick('BTC/USDT', '1.01', 1003); // the next live second arrives at local 1000.5 s: the server is 2.5 s ahead
    expect(client.serverNow()).toBe(now + (1_003_000 - 1_000_500));
  });
});
