import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
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
  type ReadinessChecks,
} from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db } from '../db/client.ts';
import { migrationsApplied } from '../db/migrate.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { answers } from '../http/answers.ts';
import { AppError } from '../http/app-error.ts';
import type { FrontAnswers, HeldAnswer } from '../http/front-answers.ts';
import {
  bodyKey,
  preparedBody,
  PREPARED_ROUTE_OPTIONS,
  sendPrepared,
  type PreparedBody,
} from '../http/prepared-answer.ts';
import { systemClock } from '../time/clock.ts';
import { sharedCheck } from './shared-check.ts';

/**
 * A health answer waits for the database this long at most: a prober gives up after 2 s, and a loaded node's event
 * loop may add some hundreds of milliseconds before the answer leaves (CI measured 2.06 s with a 1.5 s budget).
 */
const BUDGET_MS = 1_000;
/**
 * How long a database answer stands for /api/health: probes that arrive together (a balancer per node, a burst)
 * cost the database one round trip, and a probe is never told about a database older than this.
 */
const HEALTH_FRESH_MS = 250;

export type ReadinessOptions = {
  /** The products whose price is delayed now (the assembly passes the market's reading). */
  delayedProducts?: () => Promise<string[]>;
  /** Whether this node receives the feed's ticks (a node that serves the live quotes passes its hub's state). */
  streamListening?: () => boolean;
};

export type HealthRouteOptions = ReadinessOptions & {
  /** The server's answers before routing: /api/health is answered there while the database's answer is fresh. */
  front?: FrontAnswers;
};

/**
 * /api/health: the node and its database answer (what load balancers and the tests poll). /api/health/live: the
 * process answers, whatever the database does (restart it only if this fails). /api/health/ready: this node can
 * serve: its database pool answers, the database holds its migrations, and its own tick subscription is up.
 * Nothing another node does (which one leads the jobs, whether the feed records) enters it: a balancer drains
 * the unready nodes, and a cluster-wide fault would drain them all; those are metrics and alerts.
 */
export const healthRoutes: FastifyPluginAsync<HealthRouteOptions> = async (app, options) => {
  const { db } = app;
  const databaseAnswers = sharedCheck(() => withinBudget(db.execute(sql`SELECT 1`)), HEALTH_FRESH_MS);
  // Probes ask many times a second and the answer changes once a second (its time): each language's bytes are made
  // once a second, and a probe while the database's last answer is fresh waits for nothing.
  const bodies = new Map<string, PreparedBody>();
  let bodiesOf = 0;
  const answerHealthy = (request: FastifyRequest, reply: FastifyReply) => {
    const time = systemClock();
    if (time !== bodiesOf) {
      bodies.clear();
      bodiesOf = time;
    }
    sendPrepared(reply, preparedBody(bodies, request, reply, { status: 'ok', time }));
    options.front?.hold(request.url, '/api/health', heldHealthy);
  };
  const heldHealthy: HeldAnswer = (lang, encoding) =>
    databaseAnswers.fresh() && systemClock() === bodiesOf ? bodies.get(bodyKey(lang, encoding)) : undefined;
  app.get(
    '/api/health',
    {
      ...PREPARED_ROUTE_OPTIONS,
      schema: { summary: 'The node and its database answer', response: answers(healthSchema) },
    },
    (request, reply) => {
      if (databaseAnswers.fresh()) return answerHealthy(request, reply);
      return databaseAnswers().then(() => answerHealthy(request, reply));
    },
  );

  app.get(
    '/api/health/live',
    { schema: { summary: 'The process answers', response: answers(livenessSchema) } },
    async (_request, reply) => reply.ok({ status: 'live', time: systemClock(), uptime: Math.floor(process.uptime()) }),
  );

  // Not ready is a 503 that says which checks failed; any other refusal (a 503 included) is the usual one.
  const readyAnswers = {
    ...answers(readinessSchema),
    503: envelopeSchema(z.union([notReadySchema, refusalDataSchema])),
  };
  app.get(
    '/api/health/ready',
    { schema: { summary: 'This node can serve', response: readyAnswers } },
    async (request, reply) => {
      const { checks, failing } = await readiness(db, options);
      const time = systemClock();
      if (failing.length === 0) return reply.ok({ status: 'ready', time, checks });
      const code = codeOf('system_busy');
      return reply.code(code).send({
        code,
        msg: translate(request.lang, 'system_busy'),
        key: 'system_busy',
        data: { status: 'not_ready', time, failing, checks },
      });
    },
  );
};

/** This node's readiness: what it checked, and the names of the checks that failed (none: ready). */
export async function readiness(
  db: Db,
  options: ReadinessOptions = {},
): Promise<{ checks: ReadinessChecks; failing: string[] }> {
  const checks = await readinessChecks(db, options);
  const gates = { database: checks.database, migrations: checks.migrations, stream: checks.stream };
  const failing = Object.entries(gates)
    .filter(([, check]) => check?.ok === false)
    .map(([name]) => name);
  return { checks, failing };
}

async function readinessChecks(
  db: Db,
  { delayedProducts, streamListening }: ReadinessOptions,
): Promise<ReadinessChecks> {
  const started = Date.now();
  try {
    return await withinBudget(
      (async (): Promise<ReadinessChecks> => {
        await db.execute(sql`SELECT 1`);
        const ms = Date.now() - started;
        const [migrations, feed, delayed] = await Promise.all([
          migrationsApplied(db),
          db.execute<{ lag: bigint | null }>(
            sql`SELECT extract(epoch FROM now())::bigint - watermark AS lag FROM feed_state WHERE id = 1`,
          ),
          delayedProducts?.(),
        ]);
        const lag = feed.rows[0]?.lag;
        return {
          database: { ok: true, ms },
          migrations,
          ...(streamListening ? { stream: { ok: streamListening() } } : {}),
          feed: { lagSeconds: lag == null ? null : Number(lag), ...(delayed ? { delayed } : {}) },
        };
      })(),
    );
  } catch (error) {
    if (error instanceof AppError)
      return { database: { ok: false as const, error: `no answer within ${BUDGET_MS} ms` } };
    if (isDatabaseUnavailable(error)) return { database: { ok: false as const, error: 'unreachable' } };
    throw error;
  }
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
