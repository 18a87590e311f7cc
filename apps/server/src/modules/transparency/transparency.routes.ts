import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  logConsistencyQuerySchema,
  logConsistencySchema,
  logEntriesQuerySchema,
  logEntriesSchema,
  logInclusionQuerySchema,
  logInclusionSchema,
  logKeyQuerySchema,
  logKeySchema,
  logSthSchema,
  logTermsHistorySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { consistencyProof, inclusionProof, logEntries, logKey, signedTreeHead, termsHistory } from './log.service.ts';

/**
 * The public log, open to anyone without a session. Answers wear the API's envelope like every other answer
 * (`data` holds the shapes of docs/transparency.md); nothing in the envelope is signed or hashed, so a verifier
 * reads `data` and trusts nothing else.
 */
export const transparencyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/api/log/key',
    { schema: { summary: "The log's signing keys", querystring: logKeyQuerySchema, response: answers(logKeySchema) } },
    async (request, reply) => reply.ok(await logKey(db, request.query.key_id)),
  );

  app.get(
    '/api/log/sth',
    { schema: { summary: 'The latest signed tree head', response: answers(logSthSchema) } },
    async (_request, reply) => reply.ok(await signedTreeHead(db)),
  );

  app.get(
    '/api/log/entries',
    {
      schema: {
        summary: 'Transparency log entries',
        querystring: logEntriesQuerySchema,
        response: answers(logEntriesSchema),
      },
    },
    async (request, reply) => reply.ok(await logEntries(db, request.query.start, request.query.end)),
  );

  app.get(
    '/api/log/proof',
    {
      schema: {
        summary: 'Inclusion proof of a log entry',
        querystring: logInclusionQuerySchema,
        response: answers(logInclusionSchema),
      },
    },
    async (request, reply) => reply.ok(await inclusionProof(db, request.query.index, request.query.tree_size)),
  );

  app.get(
    '/api/log/consistency',
    {
      schema: {
        summary: 'Consistency proof between two tree heads',
        querystring: logConsistencyQuerySchema,
        response: answers(logConsistencySchema),
      },
    },
    async (request, reply) => reply.ok(await consistencyProof(db, request.query.first, request.query.second)),
  );

  app.get(
    '/api/log/terms',
    { schema: { summary: 'Terms history from the log', response: answers(logTermsHistorySchema) } },
    async (_request, reply) => reply.ok(await termsHistory(db)),
  );
};
