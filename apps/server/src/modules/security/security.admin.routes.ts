import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReasonBodySchema,
  adminSessionsRevokedSchema,
  adminUserIdParamsSchema,
  adminUserLoginsSchema,
  adminUserPageQuerySchema,
  adminUserSessionsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { loginsForOperator, revokeSessionsByOperator, sessionsForOperator } from './security-admin.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

/**
 * The security part of one user's page in the console: live sessions, devices and logins (`users.read`), and
 * signing the user out everywhere (`users.act`, audited).
 */
export const adminSecurityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const paged = {
    params: adminUserIdParamsSchema,
    querystring: adminUserPageQuerySchema,
  };
  app.get(
    '/admin/users/:id/sessions',
    {
      config: { access: 'users.read' },
      schema: { summary: "One user's sessions", ...paged, response: answers(adminUserSessionsSchema) },
    },
    async (request, reply) => reply.ok(await sessionsForOperator(db, request.params.id, request.query)),
  );
  app.get(
    '/admin/users/:id/logins',
    {
      config: { access: 'users.read' },
      schema: { summary: "One user's sign-ins", ...paged, response: answers(adminUserLoginsSchema) },
    },
    async (request, reply) => reply.ok(await loginsForOperator(db, request.params.id, request.query)),
  );
  app.post(
    '/admin/users/:id/sessions/revoke',
    {
      config: { access: 'users.act' },
      schema: {
        summary: "End a user's sessions",
        params: adminUserIdParamsSchema,
        body: adminReasonBodySchema,
        response: answers(adminSessionsRevokedSchema),
      },
    },
    async (request, reply) => reply.ok(await revokeSessionsByOperator(db, operatorAct(request)), 'operation_succeeded'),
  );
};
