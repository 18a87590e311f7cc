import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { closeAccountBodySchema, closureCheckSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { closeAccount, closureCheck } from './account-closure.service.ts';

/** Closing one's own account: what is left to do first, and the close itself (password and step-up). */
export const accountClosureRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/close_check',
    {
      schema: {
        summary: 'Whether my account can be closed, and what to do first',
        response: answers(closureCheckSchema),
      },
    },
    async (request, reply) => reply.ok(await closureCheck(db, currentUser(request).userId)),
  );

  app.post(
    '/api/user/close',
    {
      schema: {
        summary: 'Close my account for good: sign-in ends, personal data is erased, records stay under a pseudonym',
        body: closeAccountBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await closeAccount(db, {
        userId: currentUser(request).userId,
        ip: request.ip,
        password: request.body.password,
        secondFactorCode: request.body.second_factor_code,
      });
      return reply.ok(null, 'account_closed_now');
    },
  );
};
