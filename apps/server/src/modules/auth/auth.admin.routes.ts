import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminReasonBodySchema, adminUserListQuerySchema, adminUserListSchema, adminUserSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { listUsersForOperator, setUserLocked } from './account-admin.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Operators find accounts and lock or unlock them; each lock or unlock is audited with who, when and why. */
export const adminAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users',
    { schema: { querystring: adminUserListQuerySchema, response: answers(adminUserListSchema) } },
    async (request, reply) => reply.ok(await listUsersForOperator(db, request.query)),
  );

  for (const locked of [true, false]) {
    app.post(
      `/admin/users/:id/${locked ? 'lock' : 'unlock'}`,
      { schema: { params: idParams, body: adminReasonBodySchema, response: answers(adminUserSchema) } },
      async (request, reply) => {
        const user = await setUserLocked(db, {
          id: request.params.id,
          locked,
          operator: request.operator,
          reason: request.body.reason,
          ip: request.ip,
        });
        return reply.ok(user, 'operation_succeeded');
      },
    );
  }
};
