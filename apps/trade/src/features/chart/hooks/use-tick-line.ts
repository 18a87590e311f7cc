import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { Tick } from '@app/contracts';
import { useLazyGetTicksQuery } from '../api/kline-api.ts';

export type LinePoint = { time: number; value: number };

/**
 * The fluctuation line: the recorded per-second prices of the last few minutes, then every live tick appended
 * as it arrives. Only recorded prices are drawn; a second without a tick stays a gap in time, never filled in.
 */
export function useTickLine(symbol: string, seconds = 300) {
  const [points, setPoints] = useState<LinePoint[]>([]);
  const [status, setStatus] = useState<'loading' | 'ready' | 'error'>('loading');
  const [error, setError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const [fetchTicks] = useLazyGetTicksQuery();
  const early = useRef<Tick[]>([]);

  // Another symbol or span (or a retry) starts from an empty line, in the same render.
  const request = `${symbol}|${seconds}|${attempt}`;
  const [shown, setShown] = useState(request);
  if (shown !== request) {
    setShown(request);
    setStatus('loading');
    setPoints([]);
  }

  useEffect(() => {
    let cancelled = false;
    early.current = [];
    fetchTicks({ symbol, seconds })
      .unwrap()
      .then((data) => {
        if (cancelled) return;
        const byTime = new Map<number, number>();
        for (const tick of [...data.items, ...early.current]) byTime.set(tick.t, Number(tick.p));
        setPoints([...byTime.entries()].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value })));
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (cancelled) return;
        setError(e);
        setStatus('error');
      });
    return () => {
      cancelled = true;
    };
  }, [symbol, seconds, attempt, fetchTicks]);

  const onTick = useCallback(
    (tick: Tick) => {
      if (tick.s !== symbol) return;
      if (status !== 'ready') {
        // Ticks that arrive while the history loads are kept and merged in.
        early.current.push(tick);
        return;
      }
      // At transition priority, as every live update (stream-hooks.ts): the render gives way to a tap.
      startTransition(() =>
        setPoints((current) => {
          const last = current[current.length - 1];
          if (last && tick.t <= last.time) return current;
          return [...current, { time: tick.t, value: Number(tick.p) }];
        }),
      );
    },
    [symbol, status],
  );

  return { points, status, error, onTick, retry: () => setAttempt((n) => n + 1) };
}
