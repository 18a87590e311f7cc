import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginRecordListSchema, sessionIdParamsSchema, userSessionListSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { lastLogins, liveSessions, logoutOthers, logoutSession } from './security.service.ts';

/** The security area: live sessions (end one or all others) and the last logins. */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/sessions',
    { schema: { summary: 'My sessions and devices', response: answers(userSessionListSchema) } },
    async (request, reply) => {
      const { userId, sessionId } = currentUser(request);
      return reply.ok({ items: await liveSessions(db, userId, sessionId) });
    },
  );

  app.post(
    '/api/user/sessions/logout_others',
    { schema: { summary: 'Sign out my other sessions', response: answers(z.null()) } },
    async (request, reply) => {
      const { userId, sessionId } = currentUser(request);
      await logoutOthers(db, userId, sessionId);
      return reply.ok(null, 'operation_succeeded');
    },
  );

  app.post(
    '/api/user/sessions/:id/logout',
    { schema: { summary: 'Sign out one of my sessions', params: sessionIdParamsSchema, response: answers(z.null()) } },
    async (request, reply) => {
      await logoutSession(db, currentUser(request).userId, request.params.id);
      return reply.ok(null, 'operation_succeeded');
    },
  );

  app.get(
    '/api/user/logins',
    { schema: { summary: 'My recent sign-ins', response: answers(loginRecordListSchema) } },
    async (request, reply) => reply.ok({ items: await lastLogins(db, currentUser(request).userId) }),
  );
};
