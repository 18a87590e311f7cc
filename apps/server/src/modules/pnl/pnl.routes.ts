import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pnlQuerySchema, pnlSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { pnlOf } from './pnl.service.ts';

export const pnlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  app.addHook('onRequest', app.requireUser);

  /** "My trading": results by day, product and period, computed from the orders of one mode. */
  app.get(
    '/api/user/pnl',
    {
      schema: {
        summary: 'My trading results by day, product and period',
        querystring: pnlQuerySchema,
        response: answers(pnlSchema),
      },
    },
    async (request, reply) => reply.ok(await pnlOf(db, currentUser(request).userId, request.query.mode, now(), tz)),
  );
};
