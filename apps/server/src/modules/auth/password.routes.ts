import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeFundPasswordBodySchema, changeLoginPasswordBodySchema } from '@app/contracts';
import { z } from 'zod';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { changeFundPassword, changeLoginPassword } from './password-change.service.ts';

/** The logged-in user's login and fund passwords (under /api/user/, beside the account they belong to). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Before validation, so a logged-out caller hears "log in" rather than a form error.
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/api/user/pwd_login',
    {
      schema: { summary: 'Change my login password', body: changeLoginPasswordBodySchema, response: answers(z.null()) },
    },
    async (request, reply) => {
      const session = currentUser(request);
      await changeLoginPassword(db, {
        userId: session.userId,
        sessionId: session.sessionId,
        ip: request.ip,
        oldPassword: request.body.old_password,
        password: request.body.password,
        secondFactorCode: request.body.second_factor_code,
      });
      return reply.ok(null, 'password_changed');
    },
  );

  app.post(
    '/api/user/pwd_pay',
    {
      schema: {
        summary: 'Set or change my fund password',
        body: changeFundPasswordBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await changeFundPassword(db, {
        userId: currentUser(request).userId,
        ip: request.ip,
        oldPassword: request.body.old_password || undefined,
        password: request.body.password,
        secondFactorCode: request.body.second_factor_code,
      });
      return reply.ok(null, 'fund_password_set');
    },
  );
};
