import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminKycDecisionBodySchema,
  adminKycDocumentQuerySchema,
  adminKycDocumentSchema,
  adminKycExportSchema,
  adminKycItemSchema,
  adminKycListSchema,
  adminKycQuerySchema,
  adminRefusalBodySchema,
} from '@app/contracts';
import { bulkDecisionRoutes } from '../../platform/audit/bulk-decision.ts';
import { exportRoute, utc } from '../../platform/audit/csv-export.ts';
import { answers } from '../../platform/http/answers.ts';
import { wordingIfChosen } from '../reply-templates/index.ts';
import { decideSubmission, listSubmissions, readDocument, type ApprovalHook } from './kyc.service.ts';
import { kycHooks } from './kyc-hooks.ts';
import { loadKycKeys, type KycKeys } from './kyc-crypto.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Real-name review: list submissions (numbers masked), read one document number in clear (kyc.review, each
 * reading audited with its reason), approve or refuse with a reason (audited), export the list.
 */
export const adminKycRoutes: FastifyPluginAsyncZod<{ onApproved?: ApprovalHook; dataDir?: string }> = async (
  app,
  { onApproved, dataDir },
) => {
  const { db } = app;
  let keys: KycKeys | undefined;
  // The key is read on first use: an operator API that never shows a document never needs it.
  const kycKeys = () => {
    if (!dataDir && !process.env.KYC_KEY) throw new Error('the operator API has no DATA_DIR or KYC_KEY for documents');
    return (keys ??= loadKycKeys(dataDir ?? ''));
  };

  app.get(
    '/admin/kyc',
    {
      config: { access: 'kyc.review' },
      schema: {
        summary: 'List real-name requests',
        querystring: adminKycQuerySchema,
        response: answers(adminKycListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      const found = await listSubmissions(db, filter, { limit: size, offset: (page - 1) * size });
      return reply.ok({ ...found, page });
    },
  );

  exportRoute(app, {
    url: '/admin/kyc/export',
    access: 'kyc.review',
    querystring: adminKycExportSchema,
    description: 'Real-name submissions as CSV (numbers masked)',
    list: 'kyc',
    read: async (q, limit) => (await listSubmissions(db, q, { limit, offset: 0 })).items,
    columns: [
      'id',
      'user_id',
      'account',
      'real_name',
      'doc_type',
      'id_number_masked',
      'state',
      'reason',
      'decided_by',
      ['submitted_utc', (i) => utc(i.created_at)],
      ['decided_utc', (i) => utc(i.decided_at)],
    ],
  });

  app.get(
    '/admin/kyc/:id/document',
    {
      config: { access: 'kyc.review' },
      schema: {
        summary: "A real-name request's document image",
        params: idParams,
        querystring: adminKycDocumentQuerySchema,
        response: answers(adminKycDocumentSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await readDocument(db, kycKeys, {
          id: request.params.id,
          operator: request.operator,
          reason: request.query.reason,
          ip: request.ip,
        }),
      ),
  );

  const approvedHook: ApprovalHook =
    onApproved ?? (async (tx, userId) => void (await kycHooks.realNameApproved.emit(tx, userId)));
  const act = (request: { operator: string; ip: string; body: { reason: string } }) => ({
    reason: request.body.reason,
    operator: request.operator,
    ip: request.ip,
    onApproved: approvedHook,
  });
  app.post(
    '/admin/kyc/:id/approve',
    {
      config: { access: 'kyc.review' },
      schema: {
        summary: 'Approve a real-name request',
        params: idParams,
        body: adminKycDecisionBodySchema,
        response: answers(adminKycItemSchema),
      },
    },
    async (request, reply) => {
      const item = await decideSubmission(db, { id: request.params.id, approve: true, ...act(request) });
      return reply.ok(item, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/kyc/:id/refuse',
    {
      config: { access: 'kyc.review' },
      schema: {
        summary: 'Refuse a real-name request, telling the user the reason or a reply template in their language',
        params: idParams,
        body: adminRefusalBodySchema,
        response: answers(adminKycItemSchema),
      },
    },
    async (request, reply) => {
      const wording = await wordingIfChosen(db, request.body.template_id, 'kyc_refuse');
      const item = await decideSubmission(db, { id: request.params.id, approve: false, ...act(request), wording });
      return reply.ok(item, 'operation_succeeded');
    },
  );
  // Triage: one decision and one reason over many requests, each decided on its own.
  bulkDecisionRoutes(app, {
    base: '/admin/kyc',
    access: 'kyc.review',
    items: 'real-name requests',
    fourEyes: false,
    approve: async (id, actor) => {
      await decideSubmission(db, { id, approve: true, ...actor, onApproved: approvedHook });
      return 'done';
    },
    wording: (templateId) => wordingIfChosen(db, templateId, 'kyc_refuse'),
    refuse: async (id, actor, wording) =>
      void (await decideSubmission(db, { id, approve: false, ...actor, onApproved: approvedHook, wording })),
  });
};
