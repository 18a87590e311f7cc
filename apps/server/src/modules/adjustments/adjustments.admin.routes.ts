import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adjustmentBodySchema,
  adjustmentListQuerySchema,
  adjustmentListSchema,
  adjustmentSchema,
  adminReasonBodySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { decideAdjustment, listAdjustments, requestAdjustment } from './adjustments.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Balance adjustments (money.adjust): request, list, and the second operator's approve or refuse. */
export const adminAdjustmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/adjustments',
    {
      config: { access: 'money.adjust' },
      schema: {
        summary: 'List balance adjustments',
        querystring: adjustmentListQuerySchema,
        response: answers(adjustmentListSchema),
      },
    },
    async (request, reply) => reply.ok({ items: await listAdjustments(db, request.query) }),
  );

  app.post(
    '/admin/users/:id/adjustments',
    {
      config: { access: 'money.adjust' },
      schema: {
        summary: 'Propose a balance adjustment for a user',
        params: idParams,
        body: adjustmentBodySchema,
        response: answers(adjustmentSchema),
      },
    },
    async (request, reply) => reply.ok(await requestAdjustment(db, operatorAct(request)), 'operation_succeeded'),
  );

  for (const decision of ['approve', 'refuse'] as const)
    app.post(
      `/admin/adjustments/:id/${decision}`,
      {
        config: { access: 'money.adjust' },
        schema: {
          summary: decision === 'approve' ? 'Approve a balance adjustment' : 'Refuse a balance adjustment',
          params: idParams,
          body: adminReasonBodySchema,
          response: answers(adjustmentSchema),
        },
      },
      async (request, reply) =>
        reply.ok(await decideAdjustment(db, decision, operatorAct(request)), 'operation_succeeded'),
    );
};
