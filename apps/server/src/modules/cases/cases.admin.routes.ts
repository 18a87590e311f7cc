import { sendPrivateFile, viewingReason } from '../../platform/http/private-file.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminCaseDecideBodySchema,
  adminCaseDetailSchema,
  adminCaseListSchema,
  adminCaseQuerySchema,
  reasonSchema,
} from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';
import type { UploadStore } from '../uploads/index.ts';
import { adminCaseDetail, adminCaseList, decideCase, readCaseFile } from './cases.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * The operators' cases (money.review): the queue, one case with its evidence and the user's file, and the decision.
 * A correction's approval is the held adjustment's (POST /admin/adjustments/:id/approve, money.adjust).
 */
export const adminCaseRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db } = app;
  app.get(
    '/admin/cases',
    {
      config: { access: 'money.review' },
      schema: {
        summary: "Users' cases: open first, oldest first",
        querystring: adminCaseQuerySchema,
        response: answers(adminCaseListSchema),
      },
    },
    async (request, reply) => reply.ok(await adminCaseList(db, request.query)),
  );
  app.get(
    '/admin/cases/:id',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'One case with its evidence',
        params: idParams,
        response: answers(adminCaseDetailSchema),
      },
    },
    async (request, reply) => reply.ok(await adminCaseDetail(db, request.params.id)),
  );
  app.get(
    '/admin/cases/:id/file',
    {
      config: { access: 'money.review' },
      schema: {
        summary: "A case's image, as the user sent it (reading it is audited)",
        params: idParams,
        querystring: z.object({ reason: reasonSchema.optional() }),
        response: fileAnswers('The uploaded image (its own content type)', 'image/*'),
      },
    },
    async (request, reply) => {
      const found = await readCaseFile(db, store, request.params.id, {
        operator: request.operator,
        reason: viewingReason(request, 'case review'),
        ip: request.ip,
      });
      return sendPrivateFile(reply, found);
    },
  );
  app.post(
    '/admin/cases/:id/decide',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'Decide a case: uphold, or correct with a credit held for a second operator',
        params: idParams,
        body: adminCaseDecideBodySchema,
        response: answers(adminCaseDetailSchema),
      },
    },
    async (request, reply) => reply.ok(await decideCase(db, operatorAct(request)), 'operation_succeeded'),
  );
};
