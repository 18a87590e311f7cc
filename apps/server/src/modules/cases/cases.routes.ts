import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseIdQuerySchema, caseOpenBodySchema, userCaseListSchema, userCaseSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import type { UploadStore } from '../uploads/index.ts';
import { openCase, userCase, userCaseList } from './cases.service.ts';

/** A user's cases: contest a settled order or a refused deposit or withdrawal, and follow the decisions. */
export const caseRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.post(
    '/api/user/cases',
    {
      schema: {
        summary: 'Contest a settled order, a refused deposit or a refused withdrawal',
        body: caseOpenBodySchema,
        response: answers(userCaseSchema),
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const b = request.body;
      const opened = await openCase(db, store, {
        userId: currentUser(request).userId,
        kind: b.kind,
        itemId: b.item_id,
        text: b.text,
        uploadId: b.upload_id,
      });
      return reply.ok(opened, 'case_opened');
    },
  );
  app.get(
    '/api/user/cases',
    { schema: { summary: 'My cases, newest first', response: answers(userCaseListSchema) } },
    async (request, reply) => reply.ok(await userCaseList(db, currentUser(request).userId)),
  );
  app.get(
    '/api/user/case',
    { schema: { summary: 'One of my cases', querystring: caseIdQuerySchema, response: answers(userCaseSchema) } },
    async (request, reply) => reply.ok(await userCase(db, currentUser(request).userId, request.query.id)),
  );
};
