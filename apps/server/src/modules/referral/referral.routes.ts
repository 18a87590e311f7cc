import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteRecordsQuerySchema, inviteRecordsSchema, inviteSummarySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { inviteRecords, inviteSummary } from './referral.service.ts';

/** The invitation page's data: my code, counts, the bonus rule, and the people I invited. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/invite',
    { schema: { summary: 'My invitation code and link', response: answers(inviteSummarySchema) } },
    async (request, reply) => reply.ok(await inviteSummary(db, currentUser(request).userId)),
  );
  app.get(
    '/api/user/invite_records',
    {
      schema: {
        summary: 'People I invited',
        querystring: inviteRecordsQuerySchema,
        response: answers(inviteRecordsSchema),
      },
    },
    async (request, reply) => reply.ok(await inviteRecords(db, currentUser(request).userId, request.query)),
  );
};
