import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminSupportConversationSchema, adminSupportInboxSchema, supportMessageSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { adminConversation, operatorReplies, supportInbox } from './support.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/** Customer service: the conversations waiting, one user's conversation, and an operator's answer. */
export const adminSupportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/support',
    { config: { access: 'support.reply' }, schema: { response: answers(adminSupportInboxSchema) } },
    async (_request, reply) => reply.ok({ items: await supportInbox(db) }),
  );
  app.get(
    '/admin/support/:id',
    {
      config: { access: 'support.reply' },
      schema: { params: idParams, response: answers(adminSupportConversationSchema) },
    },
    async (request, reply) => reply.ok({ items: await adminConversation(db, request.params.id) }),
  );
  app.post(
    '/admin/support/:id',
    {
      config: { access: 'support.reply' },
      schema: {
        params: idParams,
        body: z.object({ body: z.string().trim().min(1).max(2000) }),
        response: answers(supportMessageSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await operatorReplies(db, {
          userId: request.params.id,
          body: request.body.body,
          operator: request.operator,
          ip: request.ip,
        }),
        'operation_succeeded',
      ),
  );
};
