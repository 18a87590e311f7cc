import fp from 'fastify-plugin';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/app-error.ts';
import { toRefusal } from '../http/envelope.ts';
import { audit } from './audit.service.ts';

/** The refusal's message key when the app refused the request; null for a failure (those are logged, not acts). */
function refusalKey(error: FastifyError, request: FastifyRequest): string | null {
  if (error instanceof AppError) return error.key;
  if (hasZodFastifySchemaValidationErrors(error)) return toRefusal(error, request).key;
  return null;
}

/**
 * Every refused act of an authenticated operator is an audit row (`operator.refused`): who tried what (the route
 * and its parameters), with which credential, their reason, and the refusal's key as the row's reason. Refused
 * changes all; refused reads only when the role forbade them, since a search with a bad filter tells nothing of
 * intent. Written after the refusal, outside the act's own transaction, so the rollback keeps it.
 */
export const refusalAudit = fp<{ db: Db }>(
  async (app, { db }) => {
    app.addHook('onError', async (request, _reply, error) => {
      const operator = request.operatorIdentity;
      if (!operator) return;
      const key = refusalKey(error, request);
      if (key === null) return;
      if ((request.method === 'GET' || request.method === 'HEAD') && key !== 'permission_denied') return;
      const body = request.body as { reason?: unknown } | undefined;
      try {
        await audit(db, {
          operator: operator.name,
          action: 'operator.refused',
          target: `route:${request.method} ${request.routeOptions.url ?? request.url}`,
          reason: key,
          details: {
            params: request.params ?? {},
            ...(typeof body?.reason === 'string' ? { operator_reason: body.reason } : {}),
          },
          ip: request.ip,
        });
      } catch (failure) {
        // The refusal still answers; a database that cannot take the row is reported, not hidden behind it.
        request.log.error({ err: failure }, 'refusal not audited');
      }
    });
  },
  { name: 'refusal-audit', dependencies: ['operator-auth'] },
);
