import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReasonBodySchema,
  heldChangeListSchema,
  heldChangeQuerySchema,
  heldChangeDecisionSchema,
  operatorIdParamsSchema,
} from '@app/contracts';
import { answers } from '../http/answers.ts';
import { operatorAct } from '../http/operator-act.ts';
import { currentOperator } from '../http/operator-auth.ts';
import { decideHeldChange, listHeldChanges, type FourEyes } from './held-changes.service.ts';

/**
 * Changes waiting for a second operator: listed to whoever may decide them (each change names the permission it
 * needs, so the route asks only for a signed-in operator and the service checks the rest), approved or refused
 * with a reason.
 */
export const adminHeldChangeRoutes: FastifyPluginAsyncZod<{ fourEyes: FourEyes }> = async (app, { fourEyes }) => {
  const { db } = app;
  app.get(
    '/admin/held-changes',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'List changes held for a second operator',
        querystring: heldChangeQuerySchema,
        response: answers(heldChangeListSchema),
      },
    },
    async (request, reply) =>
      reply.ok({ items: await listHeldChanges(db, currentOperator(request), request.query.status) }),
  );
  for (const decision of ['approve', 'refuse'] as const)
    app.post(
      `/admin/held-changes/:id/${decision}`,
      {
        config: { access: 'signed-in' },
        schema: {
          summary: decision === 'approve' ? 'Approve a held change' : 'Refuse a held change',
          params: operatorIdParamsSchema,
          body: adminReasonBodySchema,
          response: answers(heldChangeDecisionSchema),
        },
      },
      async (request, reply) =>
        reply.ok(
          await decideHeldChange(db, fourEyes, currentOperator(request), decision, operatorAct(request)),
          'operation_succeeded',
        ),
    );
};
