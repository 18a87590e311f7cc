import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
import { Gauge, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db/client.ts';
import { LEADER_STALE_SECONDS, SINGLETON_JOBS } from '../jobs/leader-lock.ts';
import { RequestMetrics, type RequestRecorder } from './request-metrics.ts';

/** A scrape answers within this even when the database does not: what it could not read is NaN. */
const SCRAPE_READ_MS = 2_000;

/** The operator's queues: how many wait and for how long (the oldest one's age). */
const QUEUES = ['deposit', 'deposit_audit', 'withdrawal', 'real_name'] as const;
const QUEUE_LABELS = QUEUES.map((queue) => ({ queue }));
/** One figure of every review queue, in QUEUES' order (NaN where the read gave none). */
const byQueue = (figures: Map<string, Figure>, field: keyof Figure) =>
  QUEUES.map((q) => figures.get(q)?.[field] ?? NaN);

/**
 * Everything an operator watches that lives in the database, in one statement (one connection per scrape). Each
 * part is served by an index: the status indexes of deposits, withdrawals and real-name submissions, the pending
 * copy tasks' partial index, and login_failures' created_at index (the throttles' 15-minute window; wrong answers
 * only, not checks in flight).
 */
const OPERATIONS_SQL = sql`
  SELECT 'deposit' AS what, count(*)::int AS n, extract(epoch FROM now() - min(created_at))::float8 AS age
    FROM deposits WHERE status = 3 AND first_approved_by IS NULL
  UNION ALL SELECT 'deposit_audit', count(*)::int, extract(epoch FROM now() - min(created_at))::float8
    FROM deposits WHERE (status = 3 AND first_approved_by IS NOT NULL) OR status = 4
  UNION ALL SELECT 'withdrawal', count(*)::int, extract(epoch FROM now() - min(created_at))::float8
    FROM withdrawals WHERE status = 3
  UNION ALL SELECT 'real_name', count(*)::int, extract(epoch FROM now() - min(created_at))::float8
    FROM kyc_submissions WHERE state = 'pending'
  UNION ALL SELECT 'copy_task', count(*)::int, extract(epoch FROM now() - min(created_at))::float8
    FROM copy_tasks WHERE status = 'pending'
  UNION ALL SELECT 'fund_failures', count(*) FILTER (WHERE account_key LIKE 'fund:%')::int, NULL
    FROM login_failures WHERE created_at > now() - interval '15 minutes' AND checked_at IS NOT NULL
  UNION ALL SELECT 'login_failures', count(*) FILTER (WHERE account_key NOT LIKE 'fund:%')::int, NULL
    FROM login_failures WHERE created_at > now() - interval '15 minutes' AND checked_at IS NOT NULL`;

type Figure = { n: number; age: number };

/** A singleton job's leader as the database shows it: its lock session's last statement and start (unix s). */
type Leader = { idle: number | null; since: number };
// "task", not "job": Prometheus gives every scraped series its own `job` label (the scrape job's name).
const JOB_LABELS = Object.keys(SINGLETON_JOBS).map((task) => ({ task }));

/**
 * Each singleton job's leader, wherever it runs: the session holding its advisory lock in this database, how long
 * ago that session last ran a statement (its heartbeat; see LeaderLock) and when it connected (a new leader is a
 * new session). A session of another role hides its activity: held is all that can be told then (idle null).
 */
async function readLeaders(db: Db): Promise<Map<string, Leader>> {
  const { rows } = await db.execute<{ key: string; idle: number | null; since: number | null }>(sql`
    SELECT l.objid::bigint::text AS key, extract(epoch FROM now() - a.state_change)::float8 AS idle,
           extract(epoch FROM a.backend_start)::float8 AS since
    FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objsubid = 1
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  const leaders = new Map<string, Leader>();
  for (const [job, key] of Object.entries(SINGLETON_JOBS)) {
    const held = rows.find((r) => Number(r.key) === key);
    if (held) leaders.set(job, { idle: held.idle, since: held.since ?? NaN });
  }
  return leaders;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`metrics: no answer from the database in ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * Sets a gauge's series from a database read; a read that fails or outlasts SCRAPE_READ_MS sets them NaN, so a
 * slow database shows as gaps rather than as a failed or hanging /metrics.
 */
async function setFromDb<L extends string>(
  gauge: Gauge<L>,
  series: Partial<Record<L, string>>[],
  read: () => Promise<number[]>,
) {
  let values: number[];
  try {
    values = await within(read(), SCRAPE_READ_MS);
  } catch {
    values = series.map(() => NaN);
  }
  series.forEach((labels, i) => gauge.set(labels, values[i] ?? NaN));
}

/**
 * One read per scrape, however many gauges show it: a scrape starts every gauge's collect at once, so they all find
 * the read in flight, and the next scrape reads afresh. A read that has outlived a scrape's patience is not shared
 * any more (a later scrape tries again).
 */
class ScrapeRead<T> {
  private current: { at: number; read: Promise<T> } | null = null;

  constructor(private readonly read: () => Promise<T>) {}

  get(): Promise<T> {
    const now = Date.now();
    if (this.current && now - this.current.at <= SCRAPE_READ_MS) return this.current.read;
    const entry = { at: now, read: this.read() };
    entry.read
      .finally(() => {
        if (this.current === entry) this.current = null;
      })
      .catch(() => {});
    this.current = entry;
    return entry.read;
  }
}

/**
 * What a node tells Prometheus (scraped from the admin port's /metrics): its requests by route, its database pool
 * and WebSocket clients, and, read from the database at scrape time, the jobs' progress and what waits for an
 * operator, so every node reports the same truth whichever of them runs the jobs. Routes are labelled by their
 * pattern, never by the raw URL. The pool's wait is its `waiting` gauge: node-postgres does not time checkouts.
 */
export class Metrics {
  private readonly registry = new Registry();
  /** Requests by route, counted outside prom-client (request-metrics.ts) and written at scrape time. */
  private readonly requests = new RequestMetrics();
  /** Open WebSockets of each instrumented app (read at scrape time). */
  private readonly sockets: (() => number)[] = [];

  /**
   * `productLags`: per product, the seconds since its source's last trade (the assembly passes the market's own
   * reading: this layer knows no trading sessions).
   */
  constructor(
    db: Db,
    pool: pg.Pool,
    productLags?: () => Promise<Array<{ symbol: string; lagSeconds: number; delayed: boolean }>>,
    options: {
      /** Whether this node is ready (the assembly passes the same reading /api/health/ready answers with). */
      ready?: () => Promise<boolean>;
    } = {},
  ) {
    collectDefaultMetrics({ register: this.registry });
    // prom-client's gauges of these sums are named like counters ("_total"), which promtool refuses and rate()
    // would misread; the same figures by type stay (nodejs_active_handles{type} ..., sum() gives the total).
    for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
      this.registry.removeSingleMetric(name);
    const registers = [this.registry];
    // One reading of the products' lags per scrape for the two gauges that show it.
    const lags = new ScrapeRead(async () => (productLags ? productLags() : []));
    new Gauge({
      name: 'db_pool_connections',
      help: 'Database pool connections of this node, by state',
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
        this.set({ state: 'max' }, pool.options.max ?? 10);
      },
    });
    new Gauge({
      name: 'price_feed_lag_seconds',
      help:
        'Without a symbol: seconds between now and the last second the feed has processed. With one: seconds since ' +
        "that product's source last traded (in session; a carried second is not a trade)",
      labelNames: ['symbol'] as const,
      registers,
      async collect() {
        this.reset();
        await setFromDb(this, [{}], async () => {
          const row = await db.execute<{ lag: number | null }>(
            sql`SELECT extract(epoch FROM now())::bigint - max(watermark) AS lag FROM feed_state`,
          );
          return [Number(row.rows[0]?.lag ?? 0)];
        });
        if (!productLags) return;
        try {
          for (const p of await within(lags.get(), SCRAPE_READ_MS)) this.set({ symbol: p.symbol }, p.lagSeconds);
        } catch {
          // The database did not answer in time: the unlabelled series already says NaN.
        }
      },
    });
    if (productLags)
      new Gauge({
        name: 'price_feed_delayed',
        help:
          '1 when a product in session has not traded within its own limit (its price is shown delayed and orders ' +
          'on it are refused), else 0',
        labelNames: ['symbol'] as const,
        registers,
        async collect() {
          this.reset();
          try {
            for (const p of await within(lags.get(), SCRAPE_READ_MS)) this.set({ symbol: p.symbol }, p.delayed ? 1 : 0);
          } catch {
            // No answer in time: no series this scrape (price_feed_lag_seconds shows NaN).
          }
        },
      });
    new Gauge({
      name: 'orders_settlement_lag_seconds',
      // A percentile the database computes over every node's settlements, so a gauge: "quantile" is a summary's
      // label (promtool refuses it on a gauge), and a summary's quantiles are one process's own observations.
      help:
        'Settlement lag (settled at minus due second) of the orders settled in the last 5 minutes on all nodes, ' +
        'by percentile (0.5, 0.99)',
      labelNames: ['percentile'] as const,
      registers,
      async collect() {
        await setFromDb(this, [{ percentile: '0.5' }, { percentile: '0.99' }], async () => {
          const row = await db.execute<{ p50: number | null; p99: number | null }>(sql`
            SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY lag) AS p50,
                   percentile_cont(0.99) WITHIN GROUP (ORDER BY lag) AS p99
            FROM (SELECT extract(epoch FROM settled_at) - settle_time AS lag FROM contract_orders
                  WHERE settled_at > now() - interval '5 minutes') recent`);
          return [Number(row.rows[0]?.p50 ?? 0), Number(row.rows[0]?.p99 ?? 0)];
        });
      },
    });
    new Gauge({
      name: 'orders_overdue',
      help: 'Open orders whose settlement second has passed (the settlement job is behind when this stays above 0)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => {
          const row = await db.execute<{ n: string }>(sql`
            SELECT count(*) AS n FROM contract_orders
            WHERE status = 'open' AND settle_time < extract(epoch FROM now())::bigint - 2`);
          return [Number(row.rows[0]?.n ?? 0)];
        });
      },
    });
    new Gauge({
      name: 'invest_accrual_last_day',
      help: 'The last platform day (days since 1970-01-01) for which any plan interest was credited',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => {
          const row = await db.execute<{ day: number | null }>(sql`SELECT max(day) AS day FROM invest_accruals`);
          return [Number(row.rows[0]?.day ?? 0)];
        });
      },
    });

    const backupsRead = new ScrapeRead(() =>
      db
        .execute<{ logical: number | null; base: number | null }>(
          sql`SELECT extract(epoch FROM max(finished_at) FILTER (WHERE kind = 'logical'))::float8 AS logical,
                     extract(epoch FROM max(finished_at) FILTER (WHERE kind = 'base'))::float8 AS base
              FROM backup_runs`,
        )
        .then((result) => result.rows[0]!),
    );
    new Gauge({
      name: 'backup_last_success_timestamp_seconds',
      help: 'When the last whole backup (ops backup, on any node) was written, in unix seconds (0: none recorded)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [Number((await backupsRead.get()).logical ?? 0)]);
      },
    });
    new Gauge({
      name: 'base_backup_last_success_timestamp_seconds',
      help:
        'When the last pgBackRest base backup of the external PostgreSQL finished (recorded by ' +
        'contract-trader-basebackup.service), in unix seconds (0: none recorded)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [Number((await backupsRead.get()).base ?? 0)]);
      },
    });

    // PostgreSQL's own account of its WAL archive (any user may read pg_stat_archiver): the newest moment a
    // point-in-time restore can reach is the last segment archived.
    const archiverRead = new ScrapeRead(() =>
      db
        .execute<{ enabled: boolean; archived: number | null; failed: number | null }>(
          sql`SELECT current_setting('archive_mode') IN ('on', 'always') AS enabled,
                     extract(epoch FROM last_archived_time)::float8 AS archived,
                     extract(epoch FROM last_failed_time)::float8 AS failed
              FROM pg_stat_archiver`,
        )
        .then((result) => result.rows[0]!),
    );
    new Gauge({
      name: 'wal_archiving_enabled',
      help: '1 when the database archives its write-ahead log (archive_mode on: point-in-time recovery), else 0',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [(await archiverRead.get()).enabled ? 1 : 0]);
      },
    });
    new Gauge({
      name: 'wal_archive_last_success_timestamp_seconds',
      help: 'When the database last archived a write-ahead log segment, in unix seconds (0: never since its statistics began)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [Number((await archiverRead.get()).archived ?? 0)]);
      },
    });
    new Gauge({
      name: 'wal_archive_last_failure_timestamp_seconds',
      help: 'When archiving a write-ahead log segment last failed, in unix seconds (0: never since its statistics began)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [Number((await archiverRead.get()).failed ?? 0)]);
      },
    });

    const operationsRead = new ScrapeRead(() =>
      db
        .execute<{ what: string; n: number; age: number | null }>(OPERATIONS_SQL)
        .then((result) => new Map(result.rows.map((r) => [r.what, { n: Number(r.n), age: Number(r.age ?? 0) }]))),
    );
    const operations = () => operationsRead.get();
    new Gauge({
      name: 'review_queue_pending',
      help:
        'Requests waiting for an operator, by queue: deposit (recharge under review), deposit_audit (approved ' +
        'once above the threshold, waiting for the second operator), withdrawal (under review, first approvals ' +
        'included), real_name',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        await setFromDb(this, QUEUE_LABELS, async () => byQueue(await operations(), 'n'));
      },
    });
    new Gauge({
      name: 'review_queue_oldest_seconds',
      help: 'Age of the oldest request waiting for an operator, by queue (0 when none waits)',
      labelNames: ['queue'] as const,
      registers,
      async collect() {
        await setFromDb(this, QUEUE_LABELS, async () => byQueue(await operations(), 'age'));
      },
    });
    new Gauge({
      name: 'copy_tasks_pending',
      help: "Copy-trading tasks waiting for the copy job (followers' copies of leader orders not yet placed)",
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [(await operations()).get('copy_task')?.n ?? NaN]);
      },
    });
    new Gauge({
      name: 'copy_tasks_oldest_pending_seconds',
      help: 'Age of the oldest pending copy task (0 when none waits)',
      registers,
      async collect() {
        await setFromDb(this, [{}], async () => [(await operations()).get('copy_task')?.age ?? NaN]);
      },
    });
    new Gauge({
      name: 'password_failures_recent',
      help: "Wrong passwords recorded on all nodes in the last 15 minutes (the throttles' window), by secret: login or fund",
      labelNames: ['secret'] as const,
      registers,
      async collect() {
        await setFromDb(this, [{ secret: 'login' }, { secret: 'fund' }], async () => {
          const figures = await operations();
          return [figures.get('login_failures')?.n ?? NaN, figures.get('fund_failures')?.n ?? NaN];
        });
      },
    });
    const leadersRead = new ScrapeRead(() => readLeaders(db));
    const leaders = () => leadersRead.get();
    new Gauge({
      name: 'job_leader',
      help:
        'Whether a singleton job (price-feed, accrual, alerts, maintenance) has a live leader on some node: 1 when ' +
        "a session holds its lock and ran its heartbeat lately, else 0 (the same on every node; no node's readiness " +
        'depends on it)',
      labelNames: ['task'] as const,
      registers,
      async collect() {
        await setFromDb(this, JOB_LABELS, async () => {
          const read = await leaders();
          return JOB_LABELS.map(({ task }) => {
            const leader = read.get(task);
            return leader && (leader.idle === null || leader.idle <= LEADER_STALE_SECONDS) ? 1 : 0;
          });
        });
      },
    });
    new Gauge({
      name: 'job_leader_heartbeat_age_seconds',
      help: "Seconds since a singleton job's leader last ran a statement on its lock connection (NaN: no leader)",
      labelNames: ['task'] as const,
      registers,
      async collect() {
        await setFromDb(this, JOB_LABELS, async () => {
          const read = await leaders();
          return JOB_LABELS.map(({ task }) => read.get(task)?.idle ?? NaN);
        });
      },
    });
    new Gauge({
      name: 'job_leader_since_timestamp_seconds',
      help:
        "When a singleton job's current leader connected its lock session (unix seconds; a change is a new " +
        'leader, so changes() counts leader changes; NaN: no leader)',
      labelNames: ['task'] as const,
      registers,
      async collect() {
        await setFromDb(this, JOB_LABELS, async () => {
          const read = await leaders();
          return JOB_LABELS.map(({ task }) => read.get(task)?.since ?? NaN);
        });
      },
    });
    const ready = options.ready;
    if (ready)
      new Gauge({
        name: 'server_ready',
        help: 'Whether this node is ready to serve (1), as GET /api/health/ready answers 200, or not (0)',
        registers,
        async collect() {
          await setFromDb(this, [{}], async () => [(await ready()) ? 1 : 0]);
        },
      });
    const sockets = this.sockets;
    new Gauge({
      name: 'websocket_clients',
      help: 'WebSocket clients (/api/stream) connected to this node',
      registers,
      collect() {
        this.set(sockets.reduce((sum, count) => sum + count(), 0));
      },
    });
  }

  /** The Content-Type of a scrape's answer. */
  get contentType(): string {
    return this.registry.contentType;
  }

  /** Everything this node reports, in Prometheus' text format: the request figures, then the registry's. */
  async scrape(): Promise<string> {
    return `${this.requests.text()}\n\n${await this.registry.metrics()}`;
  }

  /** Counts and times every answer of the app it is given. */
  instrument(app: FastifyInstance) {
    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? 'unmatched';
      this.requests.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }

  /** Counts and times a route's answers given before Fastify sees them (front-answers.ts), as instrument() would. */
  readonly requestRecorder = (method: string, route: string): RequestRecorder => this.requests.recorder(method, route);

  /** Counts the open WebSockets of a server (@fastify/websocket's, where the app serves /api/stream). */
  countSockets(count: () => number) {
    this.sockets.push(count);
  }
}
