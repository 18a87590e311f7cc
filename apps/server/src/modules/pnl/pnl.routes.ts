import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pnlQuerySchema } from '@app/contracts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { pnlOf } from './pnl.service.ts';

export const pnlRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  app.addHook('onRequest', app.requireUser);

  /** "My trading": results by day, product and period, computed from the orders of one mode. */
  app.get('/api/user/pnl', { schema: { querystring: pnlQuerySchema } }, async (request, reply) =>
    reply.ok(await pnlOf(db, currentUser(request).userId, request.query.mode, now(), tz)),
  );
};
