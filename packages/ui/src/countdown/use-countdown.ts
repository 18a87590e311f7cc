import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Seconds left until a deadline, ticking once a second. Counting against a deadline (not decrementing a
 * number) keeps it right when the tab sleeps in the background.
 */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [remaining, setRemaining] = useState(0);
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    if (deadline === null) return;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - nowRef.current()) / 1000));
      setRemaining(left);
      if (left === 0) setDeadline(null);
    };
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    setRemaining(Math.max(0, Math.ceil(seconds)));
    setDeadline(nowRef.current() + seconds * 1000);
  }, []);

  return { remaining, running: remaining > 0, start };
}
