import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { realitySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { realityOf } from './reality.service.ts';

/** /api/user/reality: the reality check's figures for the session making the request. */
export const realityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/reality',
    {
      schema: {
        summary: 'This session: time, stakes and result (the reality check)',
        response: answers(realitySchema),
      },
    },
    async (request, reply) => {
      const session = currentUser(request);
      return reply.ok(await realityOf(db, session.userId, session.sessionId, now()));
    },
  );
};
