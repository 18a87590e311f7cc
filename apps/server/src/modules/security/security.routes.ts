import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  antiPhishingBodySchema,
  freezeAnswerSchema,
  loginRecordListSchema,
  sessionIdParamsSchema,
  userSessionListSchema,
} from '@app/contracts';
import { assertSecondFactor } from '../auth/index.ts';
import { setAntiPhishingCode } from '../users/index.ts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { freezeMyAccount, lastLogins, liveSessions, logoutOthers, logoutSession } from './security.service.ts';

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
    '/api/user/freeze',
    {
      schema: {
        summary: 'Freeze my account: stop withdrawals and payout changes, sign out my other sessions',
        response: answers(freezeAnswerSchema),
      },
    },
    async (request, reply) => {
      const { userId, sessionId } = currentUser(request);
      return reply.ok(await freezeMyAccount(db, { userId, sessionId, ip: request.ip }), 'account_frozen_now');
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

  app.post(
    '/api/user/anti_phishing',
    {
      schema: {
        summary: 'Set or clear my anti-phishing code',
        body: antiPhishingBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      await assertSecondFactor(db, { user: userId, ip: request.ip, code: request.body.second_factor_code });
      await setAntiPhishingCode(db, userId, request.body.code || null);
      return reply.ok(null, 'anti_phishing_set');
    },
  );

  app.get(
    '/api/user/logins',
    { schema: { summary: 'My recent sign-ins', response: answers(loginRecordListSchema) } },
    async (request, reply) => reply.ok({ items: await lastLogins(db, currentUser(request).userId) }),
  );
};
