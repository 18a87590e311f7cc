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
 * Prices are fresh: the feed's watermark is `lagSeconds` behind (null: never recorded). `delayed`: products in
 * session whose source has not traded within their limit (orders on them are refused; the node still serves).
 */
export const feedCheckSchema = z.object({
  ok: z.boolean(),
  lagSeconds: z.number().int().nullable(),
  delayed: z.array(z.string()).optional(),
});
export type FeedCheck = z.infer<typeof feedCheckSchema>;

/** A singleton job has a live leader: its session last ran a statement `heartbeatSeconds` ago (null: unknown). */
export const leaderCheckSchema = z.object({ ok: z.boolean(), heartbeatSeconds: z.number().int().nullable() });
export type LeaderCheck = z.infer<typeof leaderCheckSchema>;

/** Every singleton job's leader, by the job's name. */
export const leadersCheckSchema = z.object({ ok: z.boolean(), jobs: z.record(z.string(), leaderCheckSchema) });
export type LeadersCheck = z.infer<typeof leadersCheckSchema>;

/** What readiness checked; when the database does not answer, that is the only check. */
export const readinessChecksSchema = z.object({
  database: databaseCheckSchema,
  feed: feedCheckSchema.optional(),
  leaders: leadersCheckSchema.optional(),
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
