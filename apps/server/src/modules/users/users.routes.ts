import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userInfoSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { userInfo } from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Before validation, so a logged-out caller hears "log in" rather than a form error.
  app.addHook('onRequest', app.requireUser);

  app.get('/api/user/index', { schema: { response: answers(userInfoSchema) } }, async (request, reply) =>
    reply.ok(await userInfo(db, currentUser(request).userId)),
  );
};
