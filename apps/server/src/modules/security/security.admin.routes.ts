import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminReasonBodySchema,
  adminSessionsRevokedSchema,
  adminUserIdParamsSchema,
  adminUserDevicesSchema,
  adminUserFreezesSchema,
  adminUserLoginsSchema,
  adminUserPageQuerySchema,
  adminUserSessionsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { devicesForOperator } from './devices-view.ts';
import { freezesForOperator } from './freezes-view.ts';
import { loginsForOperator, revokeSessionsByOperator, sessionsForOperator } from './security-admin.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

/**
 * The security part of one user's page in the console: live sessions, devices, logins and freezes (`users.read`),
 * and signing the user out everywhere (`users.act`, audited).
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
  app.get(
    '/admin/users/:id/devices',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's sessions and devices, live and ended, and the devices known for new-device alerts",
        ...paged,
        response: answers(adminUserDevicesSchema),
      },
    },
    async (request, reply) => reply.ok(await devicesForOperator(db, request.params.id, request.query)),
  );
  app.get(
    '/admin/users/:id/freezes',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's freezes and unfreezes: when, and by the user or which operator and why",
        ...paged,
        response: answers(adminUserFreezesSchema),
      },
    },
    async (request, reply) => reply.ok(await freezesForOperator(db, request.params.id, request.query)),
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
