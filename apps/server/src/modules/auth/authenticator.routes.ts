import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authenticatorConfirmBodySchema,
  authenticatorDisableBodySchema,
  authenticatorStartBodySchema,
  authenticatorEnrolmentSchema,
  authenticatorStatusSchema,
  recoveryCodesSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import {
  authenticatorStatus,
  confirmAuthenticator,
  disableAuthenticator,
  startAuthenticator,
} from './authenticator.service.ts';

/** The logged-in user's authenticator app: status, enrol (start, confirm) and turn off (stepped up). */
export const authenticatorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/authenticator',
    { schema: { summary: 'My authenticator app status', response: answers(authenticatorStatusSchema) } },
    async (request, reply) => reply.ok(await authenticatorStatus(db, currentUser(request).userId)),
  );
  app.post(
    '/api/user/authenticator/start',
    {
      schema: {
        summary: 'Start adding an authenticator app',
        body: authenticatorStartBodySchema,
        response: answers(authenticatorEnrolmentSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await startAuthenticator(db, {
          userId: currentUser(request).userId,
          ip: request.ip,
          code: request.body?.second_factor_code,
        }),
      ),
  );
  app.post(
    '/api/user/authenticator/confirm',
    {
      schema: {
        summary: 'Confirm an authenticator app with its first code',
        body: authenticatorConfirmBodySchema,
        response: answers(recoveryCodesSchema),
      },
    },
    async (request, reply) => {
      const codes = await confirmAuthenticator(db, {
        userId: currentUser(request).userId,
        ip: request.ip,
        code: request.body.code,
      });
      return reply.ok(codes, 'authenticator_on');
    },
  );
  app.post(
    '/api/user/authenticator/disable',
    {
      schema: {
        summary: 'Turn off the authenticator app',
        body: authenticatorDisableBodySchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await disableAuthenticator(db, {
        userId: currentUser(request).userId,
        ip: request.ip,
        code: request.body.second_factor_code,
      });
      return reply.ok(null, 'authenticator_off');
    },
  );
};
