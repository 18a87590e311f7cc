import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Route = { method: string | string[]; url: string };
/** The plugin passes its merged route options, with the route itself under routeInfo (its types say otherwise). */
type RouteParams = Route & { routeInfo?: Route };

/**
 * A store for @fastify/rate-limit kept in PostgreSQL, so a limit holds across every node behind the load
 * balancer (a per-node memory would let a client get N times the limit by spreading over N nodes). Counts
 * fixed windows: one upsert per counted request, on the auth and upload routes only.
 */
export function pgRateLimitStore(db: Db) {
  return class PgRateLimitStore {
    constructor(
      _params?: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number) {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      db.execute<{ hits: number }>(
        sql`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES (${this.prefix + key}, ${windowStart}, 1)
            ON CONFLICT (key, window_start) DO UPDATE SET hits = rate_limit_hits.hits + 1
            RETURNING hits`,
      ).then(
        (result) => callback(null, { current: result.rows[0]!.hits, ttl: windowStart + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }

    child(params: RouteParams) {
      const route = params.routeInfo ?? params;
      return new PgRateLimitStore(undefined, `${this.prefix}${String(route.method)} ${route.url}|`);
    }
  };
}
