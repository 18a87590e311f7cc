import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roleAllows, searchAnswerSchema, searchQuerySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentOperator } from '../../platform/http/operator-auth.ts';
import { searchEverything } from './search-everything.service.ts';

/**
 * Search everything, the console's one box (`users.read`, as the users list). A read that shows only what the
 * users list and a user's page already show, with phone numbers, real names and payout accounts masked: not
 * audited, as those reads are not (the reads that are audited show a secret in clear: a document number, a
 * transfer screenshot; or take a file away: the exports). Deposits and withdrawals are answered only to an operator
 * who may review them (`money.review`).
 */
export const adminSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/search',
    {
      // The query may be a whole card or phone number: the access log keeps `q=[redacted]`.
      config: { access: 'users.read', unloggedQuery: ['q'] },
      schema: {
        summary: 'Search users, deposits and withdrawals by any key',
        querystring: searchQuerySchema,
        response: answers(searchAnswerSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await searchEverything(db, request.query.q, {
          money: roleAllows(currentOperator(request).role, 'money.review'),
        }),
      ),
  );
};
