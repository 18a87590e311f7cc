import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserIdParamsSchema, adminUserInvitationsSchema, adminUserPageQuerySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { invitationsForOperator } from './invitations-view.service.ts';

/** The invitations part of one user's page in the console (`users.read`). */
export const adminUserInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/invitations',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's invitations",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserInvitationsSchema),
      },
    },
    async (request, reply) => reply.ok(await invitationsForOperator(db, request.params.id, request.query)),
  );
};
