import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminKycDecisionBodySchema,
  adminKycItemSchema,
  adminKycListSchema,
  adminKycQuerySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { decideSubmission, listSubmissions, type ApprovalHook } from './kyc.service.ts';
import { kycHooks } from './kyc-hooks.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Real-name review: list submissions (numbers masked), approve or refuse with a reason; each decision audited. */
export const adminKycRoutes: FastifyPluginAsyncZod<{ onApproved?: ApprovalHook }> = async (app, { onApproved }) => {
  const { db } = app;
  app.get(
    '/admin/kyc',
    {
      config: { access: 'kyc.review' },
      schema: { querystring: adminKycQuerySchema, response: answers(adminKycListSchema) },
    },
    async (request, reply) => reply.ok({ items: await listSubmissions(db, request.query) }),
  );

  for (const approve of [true, false]) {
    app.post(
      `/admin/kyc/:id/${approve ? 'approve' : 'refuse'}`,
      {
        config: { access: 'kyc.review' },
        schema: { params: idParams, body: adminKycDecisionBodySchema, response: answers(adminKycItemSchema) },
      },
      async (request, reply) => {
        const item = await decideSubmission(db, {
          id: request.params.id,
          approve,
          reason: request.body.reason,
          operator: request.operator,
          ip: request.ip,
          onApproved: onApproved ?? (async (tx, userId) => void (await kycHooks.realNameApproved.emit(tx, userId))),
        });
        return reply.ok(item, 'operation_succeeded');
      },
    );
  }
};
