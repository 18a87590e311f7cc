import { z } from 'zod';

/** Seconds since the epoch, on the node that answered. */
const time = z.number().int();

/** GET /api/health: the node and its database answer. */
export const healthSchema = z.object({ status: z.literal('ok'), time });
export type Health = z.infer<typeof healthSchema>;

/** GET /api/health/live: the process answers, whatever the database does. */
export const livenessSchema = z.object({
  status: z.literal('live'),
  time,
  /** Seconds since the process started. */
  uptime: z.number().int(),
});
export type Liveness = z.infer<typeof livenessSchema>;

/** The database answered (in `ms`), or did not (`error` says how). */
export const databaseCheckSchema = z.union([
  z.object({ ok: z.literal(true), ms: z.number().int() }),
  z.object({ ok: z.literal(false), error: z.string() }),
]);
export type DatabaseCheck = z.infer<typeof databaseCheckSchema>;

/**
 * The database holds every migration this node's code ships (`latest`: the newest applied one's journal time, null
 * when none is recorded). A newer schema, migrated by a node of the next release, is still this node's.
 */
export const migrationsCheckSchema = z.object({ ok: z.boolean(), latest: z.number().int().nullable() });
export type MigrationsCheck = z.infer<typeof migrationsCheckSchema>;

/** This node's subscription to the feed's ticks (its live-quote sockets depend on it) is up. */
export const streamCheckSchema = z.object({ ok: z.boolean() });
export type StreamCheck = z.infer<typeof streamCheckSchema>;

/**
 * What the node sees of the prices, for people reading the answer; it never makes a node unready (every node sees
 * the same, and the feed runs on one node: a stale feed is a metric and an alert, not a reason to drain them all).
 * `lagSeconds`: the feed's watermark behind the clock (null: never recorded). `delayed`: products in session whose
 * source has not traded within their limit (orders on them are refused).
 */
export const feedInfoSchema = z.object({
  lagSeconds: z.number().int().nullable(),
  delayed: z.array(z.string()).optional(),
});
export type FeedInfo = z.infer<typeof feedInfoSchema>;

/**
 * What readiness checked: only what this node needs to serve. When the database does not answer, that is the only
 * check; `stream` is there on a node that serves the live quotes.
 */
export const readinessChecksSchema = z.object({
  database: databaseCheckSchema,
  migrations: migrationsCheckSchema.optional(),
  stream: streamCheckSchema.optional(),
  feed: feedInfoSchema.optional(),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

/** GET /api/health/ready, 200: this node can serve. */
export const readinessSchema = z.object({ status: z.literal('ready'), time, checks: readinessChecksSchema });
export type Readiness = z.infer<typeof readinessSchema>;

/** GET /api/health/ready, 503 (key system_busy): this node cannot serve; `failing` names the checks that failed. */
export const notReadySchema = z.object({
  status: z.literal('not_ready'),
  time,
  failing: z.array(z.string()),
  checks: readinessChecksSchema,
});
export type NotReady = z.infer<typeof notReadySchema>;
