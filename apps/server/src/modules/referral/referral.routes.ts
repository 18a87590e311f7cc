import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inviteRecordsQuerySchema } from '@app/contracts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { inviteRecords, inviteSummary } from './referral.service.ts';

/** The invitation page's data: my code, counts, the bonus rule, and the people I invited. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.get('/api/user/invite', async (request, reply) => reply.ok(await inviteSummary(db, currentUser(request).userId)));
  app.get('/api/user/invite_records', { schema: { querystring: inviteRecordsQuerySchema } }, async (request, reply) =>
    reply.ok(await inviteRecords(db, currentUser(request).userId, request.query)),
  );
};
