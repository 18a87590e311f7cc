import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSupportAssignBodySchema,
  adminSupportCloseBodySchema,
  adminSupportConversationItemSchema,
  adminSupportExportSchema,
  adminSupportQueueQuerySchema,
  adminSupportQueueSchema,
  adminSupportReplyBodySchema,
  adminSupportThreadSchema,
  supportMessageSchema,
} from '@app/contracts';
import { exportRoute, utc, yesNo } from '../../platform/audit/csv-export.ts';
import { answers } from '../../platform/http/answers.ts';
import { wordingFor } from '../reply-templates/index.ts';
import {
  assignConversation,
  closeConversation,
  operatorReplies,
  supportQueue,
  supportThread,
} from './support.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Customer service's queue: conversations (open, assigned, closed), one conversation, an answer, assigning
 * and closing (each audited), and the queue's export. Logged-out conversations show the phone their writer
 * proved and, when it is an account's phone, which user.
 */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/support/conversations',
    {
      config: { access: 'support.reply' },
      schema: {
        summary: 'List support conversations',
        querystring: adminSupportQueueQuerySchema,
        response: answers(adminSupportQueueSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return reply.ok({ ...(await supportQueue(db, filter, { limit: size, offset: (page - 1) * size })), page });
    },
  );
  exportRoute(app, {
    url: '/admin/support/conversations/export',
    access: 'support.reply',
    querystring: adminSupportExportSchema,
    description: 'Support conversations as CSV',
    list: 'support',
    read: async (q, limit) => (await supportQueue(db, q, { limit, offset: 0 })).items,
    columns: [
      'id',
      'state',
      'assigned_to',
      'user_id',
      'account',
      'phone',
      ['phone_verified', (c) => yesNo(c.phone_verified)],
      ['matched_user_id', (c) => c.matched_user?.id],
      ['awaiting_answer', (c) => yesNo(c.awaiting_answer)],
      ['last_message', (c) => c.last],
      ['last_at_utc', (c) => utc(c.last_at)],
      ['created_utc', (c) => utc(c.created_at)],
    ],
  });
  app.get(
    '/admin/support/conversations/:id',
    {
      config: { access: 'support.reply' },
      schema: { summary: 'One support conversation', params: idParams, response: answers(adminSupportThreadSchema) },
    },
    async (request, reply) => reply.ok(await supportThread(db, request.params.id)),
  );
  app.post(
    '/admin/support/conversations/:id/reply',
    {
      config: { access: 'support.reply' },
      schema: {
        summary: "Reply in a support conversation, in own words or with a reply template in the user's language",
        params: idParams,
        body: adminSupportReplyBodySchema,
        response: answers(supportMessageSchema),
      },
    },
    async (request, reply) => {
      const { body, template_id: templateId } = request.body;
      const act = { id: request.params.id, operator: request.operator, ip: request.ip };
      // The schema lets exactly one of the two through.
      const answer =
        templateId !== undefined
          ? await operatorReplies(db, { ...act, wording: await wordingFor(db, templateId, 'support_reply') })
          : await operatorReplies(db, { ...act, body: body! });
      return reply.ok(answer, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/support/conversations/:id/assign',
    {
      config: { access: 'support.reply' },
      schema: {
        summary: 'Assign a support conversation',
        params: idParams,
        body: adminSupportAssignBodySchema,
        response: answers(adminSupportConversationItemSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await assignConversation(db, {
          id: request.params.id,
          to: request.body.operator,
          reason: request.body.reason,
          operator: request.operator,
          ip: request.ip,
        }),
        'operation_succeeded',
      ),
  );
  app.post(
    '/admin/support/conversations/:id/close',
    {
      config: { access: 'support.reply' },
      schema: {
        summary: 'Close a support conversation',
        params: idParams,
        body: adminSupportCloseBodySchema,
        response: answers(adminSupportConversationItemSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await closeConversation(db, {
          id: request.params.id,
          reason: request.body.reason,
          operator: request.operator,
          ip: request.ip,
        }),
        'operation_succeeded',
      ),
  );
};
