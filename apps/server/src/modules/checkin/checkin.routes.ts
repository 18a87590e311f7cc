import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { checkIn, checkinStatus } from './checkin.service.ts';

/** Daily check-in: GET the status (streak, today's state, reward), POST to check in once per platform day. */
export const checkinRoutes: FastifyPluginAsyncZod<{ db: Db; tz: string; now?: () => number }> = async (
  app,
  { db, tz, now: clock },
) => {
  const now = clock ?? (() => Math.floor(Date.now() / 1000));
  app.addHook('onRequest', app.requireUser);
  app.get('/api/user/checkin', async (request, reply) =>
    reply.ok(await checkinStatus(db, currentUser(request).userId, { now: now(), tz })),
  );
  app.post(
    '/api/user/checkin',
    { config: { rateLimit: { max: 20, timeWindow: '1 minute' } } },
    async (request, reply) =>
      reply.ok(await checkIn(db, currentUser(request).userId, { now: now(), tz }), 'checkin_done'),
  );
};
