import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserAuditSchema, adminUserIdParamsSchema, adminUserPageQuerySchema } from '@app/contracts';
import { answers } from '../http/answers.ts';
import { auditOfTarget } from './audit-trail.ts';

/**
 * The audit part of one user's page in the console (`users.read`): every operator act whose target is the user
 * (locks, resets, adjustments, messages, edits allowed, sessions ended, support answers), who, when and why.
 */
export const adminUserAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/audit',
    {
      config: { access: 'users.read' },
      schema: {
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserAuditSchema),
      },
    },
    async (request, reply) => reply.ok(await auditOfTarget(db, `user:${request.params.id}`, request.query)),
  );
};
