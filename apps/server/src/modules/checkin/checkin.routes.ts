import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkinStatusSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { checkIn, checkinStatus } from './checkin.service.ts';

/** Daily check-in: GET the status (streak, today's state, reward), POST to check in once per platform day. */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/checkin',
    { schema: { summary: 'My daily check-in status', response: answers(checkinStatusSchema) } },
    async (request, reply) => reply.ok(await checkinStatus(db, currentUser(request).userId, { now: now(), tz })),
  );
  app.post(
    '/api/user/checkin',
    {
      schema: { summary: 'Check in for today', response: answers(checkinStatusSchema) },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.ok(await checkIn(db, currentUser(request).userId, { now: now(), tz }), 'checkin_done'),
  );
};
