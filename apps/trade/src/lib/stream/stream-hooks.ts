import { startTransition, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { Tick } from '@app/contracts';
import { StreamClient, type StreamStatus, type TickListener } from './stream-client.ts';
import { streamUrl } from './stream-url.ts';

let shared: StreamClient | null = null;

/** The remote's one stream client, created on first use. */
export function streamClient(): StreamClient {
  if (!shared) {
    const client = new StreamClient({ url: streamUrl });
    if (typeof window !== 'undefined') {
      window.addEventListener('online', () => client.reconnectNow());
      document.addEventListener(
        'visibilitychange',
        () => document.visibilityState === 'visible' && client.reconnectNow(),
      );
    }
    shared = client;
  }
  return shared;
}

/** Tests put a client on a fake socket here. */
export function setStreamClientForTests(client: StreamClient | null): void {
  shared?.close();
  shared = client;
}

/**
 * One value read from a symbol's latest tick, live. `select` should return a primitive (a price, a flag): a tick
 * that leaves the value as it was then renders nothing, so a page re-renders only what a tick changes.
 * A tick renders at transition priority: React splits the render into short slices that give way to a tap, where
 * an external store's update would be one uninterruptible render per tick, a long task each second on a slow
 * phone. Two readers of one symbol may show different ticks for as long as a render takes.
 */
export function useTickValue<T>(symbol: string | null | undefined, select: (tick: Tick | null) => T): T {
  const latest = () => (symbol ? streamClient().latestTick(symbol) : null);
  const [held, setHeld] = useState(() => ({ symbol, tick: latest() }));
  const selectRef = useRef(select);
  selectRef.current = select;
  // Another symbol reads its own latest tick from this very render.
  const tick = held.symbol === symbol ? held.tick : latest();
  /** The tick shown (or about to be): a new one that selects the same value is not rendered. */
  const shown = useRef(tick);
  shown.current = tick;
  useEffect(() => {
    if (!symbol) return;
    const client = streamClient();
    const update = () => {
      const next = client.latestTick(symbol);
      if (Object.is(selectRef.current(next), selectRef.current(shown.current))) return;
      shown.current = next;
      startTransition(() => setHeld({ symbol, tick: next }));
    };
    update(); // a tick may have arrived between the render and this subscription
    return client.subscribe(symbol, update);
  }, [symbol]);
  return select(tick);
}

/**
 * The latest ticks of many symbols (a quotes list). Ticks of one frame render together, so a list of ten
 * symbols repaints once per second rather than ten times.
 */
export function useLatestTicks(symbols: readonly string[]): ReadonlyMap<string, Tick> {
  const key = symbols.join('\n');
  const [ticks, setTicks] = useState<ReadonlyMap<string, Tick>>(() => new Map());
  useEffect(() => {
    const wanted = key ? key.split('\n') : [];
    const pending = new Map<string, Tick>();
    let frame: number | null = null;
    const flush = () => {
      frame = null;
      const batch = new Map(pending);
      pending.clear();
      // At transition priority, as useTickValue: a list's render gives way to a tap.
      startTransition(() =>
        setTicks((current) => {
          const next = new Map(current);
          for (const [s, tick] of batch) next.set(s, tick);
          return next;
        }),
      );
    };
    const client = streamClient();
    const stops = wanted.map((symbol) =>
      client.subscribe(symbol, (tick) => {
        pending.set(symbol, tick);
        if (frame === null) frame = requestAnimationFrame(flush);
      }),
    );
    return () => {
      stops.forEach((stop) => stop());
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [key]);
  return ticks;
}

/** Calls the listener with each tick of the symbol (charts append them); the listener may change freely. */
export function useTickListener(symbol: string | null | undefined, listener: TickListener): void {
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => {
    if (!symbol) return;
    return streamClient().subscribe(symbol, (tick) => ref.current(tick));
  }, [symbol]);
}

export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(
    (onChange) => streamClient().onStatus(onChange),
    () => streamClient().status,
    () => 'idle' as StreamStatus,
  );
}

/** The server's clock in ms, for countdowns to a settlement second. */
export function serverNow(): number {
  return streamClient().serverNow();
}
