import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myOrderListSchema, myOrdersQuerySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { myOrders } from './activity.service.ts';

/** The Order tab's "my orders": everything the user did, newest first, across kinds. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/myorders',
    {
      schema: {
        summary: 'My activity: orders across products',
        querystring: myOrdersQuerySchema,
        response: answers(myOrderListSchema),
      },
    },
    async (request, reply) => reply.ok(await myOrders(db, { userId: currentUser(request).userId, ...request.query })),
  );
};
