/**
 * A sliding window estimated from two fixed ones: the requests counted in the last `window` ms are this fixed
 * window's hits plus the previous window's, weighted by how much of it still lies inside the last `window` ms.
 * `elapsed` is how far into this fixed window the request came, in ms.
 */
export function slidingCount(hits: number, previous: number, elapsed: number, window: number): number {
  return hits + Math.round((previous * (window - elapsed)) / window);
}

/**
 * The ms after `elapsed` until one more request fits within `max`, given the `hits` admitted so far in this
 * window: what a refused client is told to wait (Retry-After). Refusals are not counted, so asking meanwhile
 * does not move it. The carried weight only falls, so the first such moment is found by solving
 * `round(weight) <= allowance` for the time, in this window or else in the next one.
 */
export function msUntilAllowed(hits: number, previous: number, elapsed: number, window: number, max: number): number {
  // First whole ms `at` of a window in which `carried` hits of the window before, plus `counted` of its own and
  // the new one, are within `max`; null if none.
  const firstAllowed = (counted: number, carried: number): number | null => {
    const allowance = max - counted - 1;
    if (allowance < 0) return null;
    if (carried === 0) return 0;
    // round(carried * (window - at) / window) <= allowance  <=>  carried * (window - at) / window < allowance + 0.5
    const at = Math.max(0, Math.floor(window - ((allowance + 0.5) * window) / carried) + 1);
    return at < window ? at : null;
  };
  const here = firstAllowed(hits, previous);
  if (here !== null) return Math.max(0, here - elapsed);
  // In the next window this window's hits are the carried ones; `max` is at least 1, so its end always allows.
  return window - elapsed + (firstAllowed(0, hits) ?? window);
}
