import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminUserAuditSchema, adminUserIdParamsSchema, adminUserPageQuerySchema } from '@app/contracts';
import { answers } from '../http/answers.ts';
import type { DbOrTx } from '../db/client.ts';
import { auditOfTargets } from './audit-trail.ts';

/** The audit targets of one user's records (deposits, withdrawals, real-name requests, support), by module. */
export type RecordsOfUser = (db: DbOrTx, userId: number) => Promise<string[]>;

/**
 * One user's timeline on their page in the console (`users.read`): every operator act on the user (locks, resets,
 * adjustments, messages, edits allowed, sessions ended, support answers) and on their records (a deposit's or a
 * withdrawal's review, a real-name decision or document view, a support assignment), who, when and why, newest
 * first. The records are named by their modules (`recordsOf`, passed in by the operator app: this part is below
 * them).
 */
export const adminUserAuditRoutes: FastifyPluginAsyncZod<{ recordsOf: RecordsOfUser }> = async (app, { recordsOf }) => {
  const { db } = app;
  app.get(
    '/admin/users/:id/audit',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's audit entries",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserAuditSchema),
      },
    },
    async (request, reply) => {
      const records = await recordsOf(db, request.params.id);
      return reply.ok(await auditOfTargets(db, [`user:${request.params.id}`, ...records], request.query));
    },
  );
};
