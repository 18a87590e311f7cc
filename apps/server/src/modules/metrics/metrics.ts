import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/client.ts';

/**
 * What a node tells Prometheus (scraped from the admin port's /metrics): its requests by route, the database
 * pool, and the jobs' progress read from the database at scrape time, so every node reports the same truth
 * whichever of them runs the jobs. Routes are labelled by their pattern, never by the raw URL.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer a request, by method and route pattern (order placement is POST /api/user/addorder)',
    labelNames: ['method', 'route'] as const,
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });

  constructor(db: Db, pool: pg.Pool) {
    collectDefaultMetrics({ register: this.registry });
    const registers = [this.registry];
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections of this node, by state',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'price_feed_lag_seconds',
      help: 'Seconds between now and the last second the feed has recorded for every product in session',
      registers,
      async collect() {
        const row = await db.execute<{ lag: number | null }>(
          sql`SELECT extract(epoch FROM now())::bigint - max(watermark) AS lag FROM feed_state`,
        );
        this.set(Number(row.rows[0]?.lag ?? 0));
      },
    });
    new Gauge({
      name: 'orders_settlement_lag_seconds',
      help: 'Settlement lag (settled at minus due second) of the orders settled in the last 5 minutes',
      labelNames: ['quantile'] as const,
      registers,
      async collect() {
        const row = await db.execute<{ p50: number | null; p99: number | null }>(sql`
          SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50,
                 percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99
          FROM (SELECT extract(epoch FROM settled_at) - settle_time AS lag FROM contract_orders
                WHERE settled_at > now() - interval '5 minutes') recent`);
        this.set({ quantile: '0.5' }, Number(row.rows[0]?.p50 ?? 0));
        this.set({ quantile: '0.99' }, Number(row.rows[0]?.p99 ?? 0));
      },
    });
    new Gauge({
      name: 'orders_overdue',
      help: 'Open orders whose settlement second has passed (the settlement job is behind when this stays above 0)',
      registers,
      async collect() {
        const row = await db.execute<{ n: string }>(sql`
          SELECT count(*) AS n FROM contract_orders
          WHERE status = 'open' AND settle_time < extract(epoch FROM now())::bigint - 2`);
        this.set(Number(row.rows[0]?.n ?? 0));
      },
    });
    new Gauge({
      name: 'invest_accrual_last_day',
      help: 'The last platform day (days since 1970-01-01) for which any plan interest was credited',
      registers,
      async collect() {
        const row = await db.execute<{ day: number | null }>(sql`SELECT max(day) AS day FROM invest_accruals`);
        this.set(Number(row.rows[0]?.day ?? 0));
      },
    });
  }

  /** Counts and times every answer of the app it is given. */
  instrument(app: FastifyInstance) {
    app.addHook('onResponse', async (request, reply) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.inc({ method: request.method, route, status: String(reply.statusCode) });
      this.duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    });
  }
}
