import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { msUntilAllowed, slidingCount } from './sliding-window.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Route = { method: string | string[]; url: string };
/** The plugin passes its merged route options, with the route itself under routeInfo (its types say otherwise). */
type RouteParams = Route & { routeInfo?: Route };

/**
 * A store for @fastify/rate-limit kept in PostgreSQL, so a limit holds across every node behind the load
 * balancer (a per-node memory would let a client get N times the limit by spreading over N nodes). One upsert
 * per counted request, on the auth, upload and form routes only.
 *
 * Counts a sliding window, estimated from two fixed ones (see sliding-window.ts). Fixed windows alone let a
 * client send the limit at the end of one window and again at the start of the next: twice the limit inside
 * one minute. A refused client's wait (Retry-After) is the time until the estimate lets one more through.
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
      const fullKey = this.prefix + key;
      db.execute<{ hits: number; previous: number }>(
        sql`WITH counted AS (
              INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${fullKey}, ${windowStart}, 1)
              ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
              RETURNING hits)
            SELECT counted.hits,
                   coalesce((SELECT hits FROM rate_limit_hits
                             WHERE key = ${fullKey} AND window_start = ${windowStart - timeWindow}), 0) AS previous
            FROM counted`,
      ).then(
        (result) => {
          const { hits, previous } = result.rows[0]!;
          const elapsed = now - windowStart;
          const current = slidingCount(hits, previous, elapsed, timeWindow);
          const ttl = current > max ? msUntilAllowed(hits, previous, elapsed, timeWindow, max) : timeWindow - elapsed;
          callback(null, { current, ttl });
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
