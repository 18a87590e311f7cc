import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserIdParamsSchema, myOrderListSchema, myOrdersQuerySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { myOrders } from './activity.service.ts';

/**
 * One user's activity as they see it in their Order tab, newest first across kinds: what support reads beside a
 * conversation ("my withdrawal has not arrived") before answering.
 */
export const adminUserActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/activity',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's recent activity across kinds",
        params: adminUserIdParamsSchema,
        querystring: myOrdersQuerySchema,
        response: answers(myOrderListSchema),
      },
    },
    async (request, reply) => reply.ok(await myOrders(db, { userId: request.params.id, ...request.query })),
  );
};
