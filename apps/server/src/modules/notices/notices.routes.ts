import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noticesQuerySchema, noticesSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { noticesSince } from './notices.service.ts';

/** /api/user/notices: the open page asks every few seconds what happened (see noticesSchema). */
export const noticeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/notices',
    {
      schema: {
        summary: 'News since a cursor: fired alerts, decisions, results',
        querystring: noticesQuerySchema,
        response: answers(noticesSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await noticesSince(db, currentUser(request).userId, request.lang, request.query, Date.now())),
  );
};
