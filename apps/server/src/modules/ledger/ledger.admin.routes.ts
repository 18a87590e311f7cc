import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminLedgerPageSchema, adminUserIdParamsSchema, adminUserPageQuerySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { ledgerForOperator } from './user-entries.ts';

/** The ledger's part of one user's page in the console (`users.read`): the entries with the running balance. */
export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/ledger',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's ledger entries",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminLedgerPageSchema),
      },
    },
    async (request, reply) => reply.ok(await ledgerForOperator(db, request.params.id, request.query)),
  );
};
