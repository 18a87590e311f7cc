import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { supportSendBodySchema } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { conversation, markSupportRead, userWrites } from './support.service.ts';

/** The user's conversation with customer service (the channels themselves are public, in /api/index/ater). */
export const supportRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.addHook('onRequest', app.requireUser);
  app.get('/api/user/service', async (request, reply) => reply.ok(await conversation(db, currentUser(request).userId)));
  app.post(
    '/api/user/service',
    { schema: { body: supportSendBodySchema }, config: { rateLimit: { max: 10, timeWindow: '1 minute' } } },
    async (request, reply) =>
      reply.ok(
        await userWrites(db, currentUser(request).userId, request.body.body, request.body.topic),
        'support_sent',
      ),
  );
  /** The user has seen the answers (clears the badge). */
  app.post('/api/user/service_read', async (request, reply) => {
    await markSupportRead(db, currentUser(request).userId);
    return reply.ok({ unread: 0 });
  });
};
