import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserIdParamsSchema, adminUserPageQuerySchema, adminUserSupportSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { supportPageForOperator } from './conversation-page.service.ts';

/** The support part of one user's page in the console (`users.read`): the conversation, read only. */
export const adminUserSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/support',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's support conversation",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserSupportSchema),
      },
    },
    async (request, reply) => reply.ok(await supportPageForOperator(db, request.params.id, request.query)),
  );
};
