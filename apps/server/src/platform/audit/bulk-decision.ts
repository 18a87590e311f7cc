import type { FastifyRequest } from 'fastify';
import type { AdminBulkItemResult, AdminBulkResult } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import type { Db } from '../db/client.ts';
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
