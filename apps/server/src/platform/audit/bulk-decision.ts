import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminBulkDecisionBodySchema,
  adminBulkRefusalBodySchema,
  adminBulkResultSchema,
  type AdminBulkItemResult,
  type AdminBulkResult,
  type Permission,
} from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db } from '../db/client.ts';
import { answers } from '../http/answers.ts';
import { AppError } from '../http/app-error.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { audit } from './audit.service.ts';

/** What deciding one item did: done as asked, or held as a first approval for a second operator (four-eyes). */
export type ItemDecision = 'done' | 'held';

/**
 * One decision over many items of a queue (`POST …/bulk/<decision>`): the single act's own service function is
 * called for each item in turn, so each runs in its own transaction with its own checks, audit row and message
 * to the user, exactly as if the operator had decided it alone with the same reason. One item's refusal (already
 * decided, a four-eyes step this operator cannot take, an id that is not there) is that item's outcome, with the
 * message in the asker's language and an `operator.refused` audit row like a refused single act; the items
 * before and after it are decided regardless. Nothing is hidden: the answer lists every id asked, in order.
 */
export async function decideEach(
  db: Db,
  request: FastifyRequest & { body: { ids: number[]; reason: string } },
  decide: (id: number) => Promise<ItemDecision>,
): Promise<AdminBulkResult> {
  const items: AdminBulkItemResult[] = [];
  for (const id of request.body.ids) {
    try {
      const outcome = await decide(id);
      const key = outcome === 'held' ? 'change_proposed' : 'operation_succeeded';
      items.push({ id, outcome, key, msg: translate(request.lang, key) });
    } catch (error) {
      const refusal =
        error instanceof AppError ? error : new AppError(isDatabaseUnavailable(error) ? 'system_busy' : 'system_error');
      if (!(error instanceof AppError)) request.log.error({ err: error, id }, 'bulk item failed');
      items.push({
        id,
        outcome: 'refused',
        key: refusal.key,
        msg: translate(request.lang, refusal.key, refusal.params),
      });
      await audit(db, {
        operator: request.operator,
        action: 'operator.refused',
        target: `route:${request.method} ${request.routeOptions.url ?? request.url}`,
        reason: refusal.key,
        details: { params: { id }, operator_reason: request.body.reason },
        ip: request.ip,
      });
    }
  }
  const count = (outcome: AdminBulkItemResult['outcome']) => items.filter((i) => i.outcome === outcome).length;
  return { items, done: count('done'), held: count('held'), refused: count('refused') };
}

/** Who decides, and why: what each item's single act is called with. */
export type BulkActor = { operator: string; reason: string; ip: string };
type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/**
 * A queue's triage routes, `POST <base>/bulk/approve` and `<base>/bulk/refuse`, each item decided by the queue's own
 * single act through decideEach. A refusal's reply template (`template_id`) is checked once, before any item is
 * decided: one that cannot be used refuses the request whole.
 */
export function bulkDecisionRoutes<Wording>(
  app: ZodApp,
  queue: {
    base: string;
    access: Permission;
    /** The items, as the summaries name them ("deposits"). */
    items: string;
    /** Whether a first approval can be held for a second operator (four-eyes), for the summary. */
    fourEyes: boolean;
    approve: (id: number, actor: BulkActor) => Promise<ItemDecision>;
    wording: (templateId: number | undefined) => Promise<Wording>;
    refuse: (id: number, actor: BulkActor, wording: Wording) => Promise<void>;
  },
) {
  const { db } = app;
  const actorOf = (request: FastifyRequest & { body: { reason: string } }): BulkActor => ({
    operator: request.operator,
    reason: request.body.reason,
    ip: request.ip,
  });
  app.post(
    `${queue.base}/bulk/approve`,
    {
      config: { access: queue.access },
      schema: {
        summary: `Approve many ${queue.items}, each on its own${queue.fourEyes ? ' (four-eyes first approvals are held)' : ''}`,
        body: adminBulkDecisionBodySchema,
        response: answers(adminBulkResultSchema),
      },
    },
    async (request, reply) => reply.ok(await decideEach(db, request, (id) => queue.approve(id, actorOf(request)))),
  );
  app.post(
    `${queue.base}/bulk/refuse`,
    {
      config: { access: queue.access },
      schema: {
        summary: `Refuse many ${queue.items}, each on its own (optionally with one reply template)`,
        body: adminBulkRefusalBodySchema,
        response: answers(adminBulkResultSchema),
      },
    },
    async (request, reply) => {
      const wording = await queue.wording(request.body.template_id);
      return reply.ok(
        await decideEach(db, request, async (id) => {
          await queue.refuse(id, actorOf(request), wording);
          return 'done';
        }),
      );
    },
  );
}
