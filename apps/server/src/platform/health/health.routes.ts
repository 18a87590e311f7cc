import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  codeOf,
  envelopeSchema,
  healthSchema,
  livenessSchema,
  notReadySchema,
  readinessSchema,
  refusalDataSchema,
  type DatabaseCheck,
  type LeaderCheck,
  type LeadersCheck,
  type ReadinessChecks,
} from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { answers } from '../http/answers.ts';
import { AppError } from '../http/app-error.ts';
import { HEARTBEAT_MS, LOCKS } from '../jobs/leader-lock.ts';
import { systemClock } from '../time/clock.ts';

/**
 * A health answer waits for the database this long at most: a prober gives up after 2 s, and a loaded node's event
 * loop may add some hundreds of milliseconds before the answer leaves (CI measured 2.06 s with a 1.5 s budget).
 */
const BUDGET_MS = 1_000;
/** The feed records every second; a watermark further behind means no node is feeding prices. */
const FEED_STALE_SECONDS = 15;
/** Three missed heartbeats (and some slack): the leader is gone and no standby has taken over. */
const LEADER_STALE_SECONDS = (3 * HEARTBEAT_MS) / 1000 + 5;
/** The jobs that run on one node of the cluster, by their advisory lock (see LeaderLock). */
const SINGLETON_JOBS: Record<string, number> = {
  'price-feed': LOCKS.priceFeed,
  accrual: LOCKS.accrual,
  alerts: LOCKS.alerts,
  maintenance: LOCKS.maintenance,
  'log-sequencer': LOCKS.logSequencer,
};

/**
 * /api/health: the node and its database answer (what load balancers and the tests poll). /api/health/live: the
 * process answers, whatever the database does (restart it only if this fails). /api/health/ready: this node can
 * serve: the database answers, prices are fresh, and every singleton job has a live leader somewhere.
 */
export type HealthRouteOptions = {
  /** The products whose price is delayed now (the assembly passes the market's reading). */
  delayedProducts?: () => Promise<string[]>;
};

export const healthRoutes: FastifyPluginAsync<HealthRouteOptions> = async (app, { delayedProducts }) => {
  const { db } = app;
  app.get('/api/health', { schema: { response: answers(healthSchema) } }, async (_request, reply) => {
    await withinBudget(db.execute(sql`SELECT 1`));
    return reply.ok({ status: 'ok', time: systemClock() });
  });

  app.get('/api/health/live', { schema: { response: answers(livenessSchema) } }, async (_request, reply) =>
    reply.ok({ status: 'live', time: systemClock(), uptime: Math.floor(process.uptime()) }),
  );

  // Not ready is a 503 that says which checks failed; any other refusal (a 503 included) is the usual one.
  const readyAnswers = {
    ...answers(readinessSchema),
    503: envelopeSchema(z.union([notReadySchema, refusalDataSchema])),
  };
  app.get('/api/health/ready', { schema: { response: readyAnswers } }, async (request, reply) => {
    const checks = await readiness(db, delayedProducts);
    const failing = Object.entries(checks)
      .filter(([, check]) => !check.ok)
      .map(([name]) => name);
    const time = systemClock();
    if (failing.length === 0) return reply.ok({ status: 'ready', time, checks });
    const code = codeOf('system_busy');
    return reply.code(code).send({
      code,
      msg: translate(request.lang, 'system_busy'),
      key: 'system_busy',
      data: { status: 'not_ready', time, failing, checks },
    });
  });
};

async function readiness(db: Db, delayedProducts?: () => Promise<string[]>): Promise<ReadinessChecks> {
  const started = Date.now();
  try {
    return await withinBudget(
      (async () => {
        await db.execute(sql`SELECT 1`);
        const database: DatabaseCheck = { ok: true, ms: Date.now() - started };
        const [feed] = (
          await db.execute<{ lag: bigint | null }>(
            sql`SELECT extract(epoch FROM now())::bigint - watermark AS lag FROM feed_state WHERE id = 1`,
          )
        ).rows;
        const lag = feed?.lag === null || feed?.lag === undefined ? null : Number(feed.lag);
        return {
          database,
          feed: {
            ok: lag !== null && lag <= FEED_STALE_SECONDS,
            lagSeconds: lag,
            ...(delayedProducts ? { delayed: await delayedProducts() } : {}),
          },
          leaders: await leaders(db),
        };
      })(),
    );
  } catch (error) {
    if (error instanceof AppError) return { database: { ok: false, error: `no answer within ${BUDGET_MS} ms` } };
    if (isDatabaseUnavailable(error)) return { database: { ok: false, error: 'unreachable' } };
    throw error;
  }
}

/**
 * Each singleton job's leader, wherever it runs: the session holding its advisory lock in this database, and how
 * long ago that session last ran a statement (its heartbeat; see LeaderLock).
 */
async function leaders(db: Db): Promise<LeadersCheck> {
  const { rows } = await db.execute<{ key: bigint; idle: number | null }>(sql`
    SELECT l.objid::bigint AS key, extract(epoch FROM now() - a.state_change)::float8 AS idle
    FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
    WHERE l.locktype = 'advisory' AND l.granted AND l.classid = 0 AND l.objsubid = 1
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`);
  const jobs: Record<string, LeaderCheck> = {};
  for (const [job, key] of Object.entries(SINGLETON_JOBS)) {
    const held = rows.find((r) => Number(r.key) === key);
    // A session of another role hides its activity: held is all that can be told then.
    const heartbeatSeconds = held?.idle == null ? null : Math.round(held.idle);
    jobs[job] = {
      ok: held !== undefined && (heartbeatSeconds === null || heartbeatSeconds <= LEADER_STALE_SECONDS),
      heartbeatSeconds,
    };
  }
  return { ok: Object.values(jobs).every((j) => j.ok), jobs };
}

/** The work, or "system busy" once the budget is spent (the work itself ends by the pool's own timeouts). */
async function withinBudget<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AppError('system_busy')), BUDGET_MS);
  });
  work.catch(() => {});
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
