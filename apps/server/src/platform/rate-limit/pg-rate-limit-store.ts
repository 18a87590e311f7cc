import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { msUntilAllowed, slidingCount } from './sliding-window.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Route = { method: string | string[]; url: string };
/** The plugin passes its merged route options, with the route itself under routeInfo (its types say otherwise). */
type RouteParams = Route & { routeInfo?: Route };

/**
 * A store for @fastify/rate-limit kept in PostgreSQL, so a limit holds across every node behind the load
 * balancer (a per-node memory would let a client get N times the limit by spreading over N nodes). One statement
 * per request, on the auth, upload and form routes only.
 *
 * Counts a sliding window, estimated from two fixed ones (see sliding-window.ts). Fixed windows alone let a
 * client send the limit at the end of one window and again at the start of the next: twice the limit inside
 * one minute. Only admitted requests are counted: with a sliding window, counted refusals would keep a client
 * that retries every second locked out for good, and Retry-After (the time until one more fits) holds however
 * often the client asks meanwhile.
 */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      const elapsed = now - windowStart;
      const fullKey = this.prefix + key;
      // The previous window's weight is rounded as slidingCount rounds it (both halves up, both exact here).
      // The increment's condition is checked under the row's lock, so concurrent requests never admit more
      // than `max`; a refusal inserts and updates nothing.
      db.execute<{ admitted: number | null; counted: number | null; previous: number }>(
        sql`WITH previous AS (
              SELECT coalesce((SELECT hits FROM rate_limit_hits
                               WHERE key = ${fullKey} AND window_start = ${windowStart - timeWindow}), 0) AS hits),
            carried AS (
              SELECT hits, round(hits::numeric * ${timeWindow - elapsed} / ${timeWindow})::int AS weight FROM previous),
            admitted AS (
              INSERT INTO rate_limit_hits (key, window_start, hits)
              SELECT ${fullKey}, ${windowStart}, 1 FROM carried WHERE 1 + carried.weight <= ${max}
              ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
                WHERE rate_limit_hits.hits + 1 + (SELECT weight FROM carried) <= ${max}
              RETURNING hits)
            SELECT (SELECT hits FROM admitted) AS admitted,
                   (SELECT hits FROM rate_limit_hits WHERE key = ${fullKey} AND window_start = ${windowStart}) AS counted,
                   (SELECT hits FROM previous) AS previous`,
      ).then(
        (result) => {
          const { admitted, counted, previous } = result.rows[0]!;
          if (admitted !== null) {
            callback(null, {
              current: slidingCount(admitted, previous, elapsed, timeWindow),
              ttl: timeWindow - elapsed,
            });
            return;
          }
          // Refused: this request counts only in the answer (one over what was counted), not in the store.
          const hits = counted ?? 0;
          callback(null, {
            current: slidingCount(hits + 1, previous, elapsed, timeWindow),
            ttl: msUntilAllowed(hits, previous, elapsed, timeWindow, max),
          });
        },
        (error: Error) => callback(error),
      );
    }

    child(params: RouteParams) {
      const route = params.routeInfo ?? params;
      return new PgRateLimitStore(undefined, `${this.prefix}${String(route.method)} ${route.url}|`);
    }
  };
}
