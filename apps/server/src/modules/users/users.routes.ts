import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { changeFundPasswordBodySchema, changeLoginPasswordBodySchema } from '@app/contracts';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { changeFundPassword, changeLoginPassword, userInfo } from './users.service.ts';

export const userRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  // Before validation, so a logged-out caller hears "log in" rather than a form error.
  app.addHook('onRequest', app.requireUser);

  app.get('/api/user/index', async (request, reply) => reply.ok(await userInfo(db, currentUser(request).userId)));

  app.post('/api/user/pwd_login', { schema: { body: changeLoginPasswordBodySchema } }, async (request, reply) => {
    const session = currentUser(request);
    await changeLoginPassword(db, {
      userId: session.userId,
      sessionId: session.sessionId,
      ip: request.ip,
      oldPassword: request.body.old_password,
      password: request.body.password,
    });
    return reply.ok(null, 'password_changed');
  });

  app.post('/api/user/pwd_pay', { schema: { body: changeFundPasswordBodySchema } }, async (request, reply) => {
    await changeFundPassword(db, {
      userId: currentUser(request).userId,
      ip: request.ip,
      oldPassword: request.body.old_password || undefined,
      password: request.body.password,
    });
    return reply.ok(null, 'fund_password_set');
  });
};
