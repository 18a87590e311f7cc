import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { practiceAccountSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { practiceAccount, resetPractice } from './practice.service.ts';

/** The practice (virtual money) account: its balance, and a reset to the starting balance once a day. */
export const practiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/practice',
    { schema: { summary: 'My practice account', response: answers(practiceAccountSchema) } },
    async (request, reply) => reply.ok(await practiceAccount(db, currentUser(request).userId, now(), tz)),
  );
  app.post(
    '/api/user/practice/reset',
    { schema: { summary: 'Reset my practice balance', response: answers(practiceAccountSchema) } },
    async (request, reply) =>
      reply.ok(await resetPractice(db, currentUser(request).userId, now(), tz), 'practice_reset_done'),
  );
};
