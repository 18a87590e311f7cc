import { useEffect, useState } from 'react';
import { serverNow } from '../../../lib/stream/stream-hooks.ts';

/** Whole seconds left until a server second: 0 once it has come. */
export function secondsLeft(untilSecond: number, nowMs: number): number {
  return Math.max(0, Math.ceil(untilSecond - nowMs / 1000));
}

/**
 * The server's clock in ms, re-rendering just after every whole second (aligned to the clock, so a countdown
 * never shows the same number twice or skips one). One timer serves a whole list of countdowns.
 */
export function useClock(active = true, now: () => number = serverNow): number {
  const [value, setValue] = useState(now);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const current = now();
      setValue(current);
      timer = setTimeout(tick, 1000 - (current % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, [active, now]);
  return value;
}

/** Seconds left until a settlement second, ticking. */
export function useSecondsLeft(untilSecond: number, now: () => number = serverNow): number {
  const clock = useClock(true, now);
  return secondsLeft(untilSecond, clock);
}
