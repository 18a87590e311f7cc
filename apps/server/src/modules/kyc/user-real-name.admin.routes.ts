import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRealNameStatusSchema, adminUserIdParamsSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { realNameStatusForOperator } from './real-name-status.service.ts';

/** The real-name part of one user's page in the console (`users.read`); the document is the review queue's. */
export const adminUserRealNameRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/real-name',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's real-name requests",
        params: adminUserIdParamsSchema,
        response: answers(adminRealNameStatusSchema),
      },
    },
    async (request, reply) => reply.ok(await realNameStatusForOperator(db, request.params.id)),
  );
};
