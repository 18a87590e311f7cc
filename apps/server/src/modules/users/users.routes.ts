import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { totalAssetsSchema, userInfoSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { noteLanguage, userInfo } from './users.service.ts';
import { totalAssets } from './total-assets.service.ts';

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now, tz } = app;
  // Before validation, so a logged-out caller hears "log in" rather than a form error.
  app.addHook('onRequest', app.requireUser);

  // The app reads this at launch and again in a newly chosen language: the language customer service writes in.
  app.get(
    '/api/user/index',
    { schema: { summary: 'Me: my account, balances and settings', response: answers(userInfoSchema) } },
    async (request, reply) => {
      const { userId } = currentUser(request);
      await noteLanguage(db, userId, request.lang);
      return reply.ok(await userInfo(db, userId));
    },
  );

  // The one money picture: every screen that shows total assets reads this answer, so none can disagree.
  app.get(
    '/api/user/total-assets',
    { schema: { summary: 'My total assets with their parts', response: answers(totalAssetsSchema) } },
    async (request, reply) => reply.ok(await totalAssets(db, currentUser(request).userId, now(), tz)),
  );
};
