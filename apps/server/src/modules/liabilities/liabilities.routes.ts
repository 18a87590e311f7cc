import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { liabilitiesDayQuerySchema, liabilitiesProofSchema, liabilitiesRootSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { liabilitiesProof, liabilitiesRoot } from './liabilities.service.ts';

/** The published totals are public; a proof is its user's alone. */
export const liabilitiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/api/user/liabilities_proof') await app.requireUser(request);
  });
  app.get(
    '/api/liabilities/root',
    {
      schema: {
        summary: "A day's published liabilities root",
        querystring: liabilitiesDayQuerySchema,
        response: answers(liabilitiesRootSchema),
      },
    },
    async (request, reply) => reply.ok(await liabilitiesRoot(db, request.query.day)),
  );
  app.get(
    '/api/user/liabilities_proof',
    {
      schema: {
        summary: 'My balance in the liabilities tree, with its path',
        querystring: liabilitiesDayQuerySchema,
        response: answers(liabilitiesProofSchema),
      },
    },
    async (request, reply) => reply.ok(await liabilitiesProof(db, currentUser(request).userId, request.query.day)),
  );
};
