import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminUserIdParamsSchema,
  adminUserMessageBodySchema,
  adminUserMessagesSchema,
  adminUserPageQuerySchema,
  LANGUAGES,
  operatorMessageSentSchema,
  reasonSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { messagesForOperator, sendOperatorMessage, sendUserMessage } from './operator-messages.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

const messageSchema = z
  .object({
    reason: reasonSchema,
    /** One user, or `all: true` for every user who exists now. */
    user_id: z.coerce.number().int().positive().optional(),
    all: z.boolean().optional(),
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().min(1).max(2000),
    /** The same message in other languages; a reader whose language is missing reads the English title and body. */
    translations: z
      .partialRecord(
        z.enum(LANGUAGES).exclude(['en']),
        z.object({ title: z.string().trim().min(1).max(120), body: z.string().trim().min(1).max(2000) }),
      )
      .default({}),
  })
  .refine((b) => (b.user_id !== undefined) !== (b.all === true), { message: 'give user_id or all, not both' });

const newReference = () => `operator:${Date.now()}:${Math.random().toString(36).slice(2, 10)}`;

/** Operators write to one user's inbox or to everyone's; each message is audited. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.post(
    '/admin/messages',
    {
      config: { access: 'support.reply' },
      schema: { summary: 'Send a message to users', body: messageSchema, response: answers(operatorMessageSentSchema) },
    },
    async (request, reply) => {
      const b = request.body;
      const reference = newReference();
      const sent = await sendOperatorMessage(db, b, reference, { operator: request.operator, ip: request.ip });
      return reply.ok({ recipients: sent, reference }, 'operation_succeeded');
    },
  );

  // One user's page in the console: their inbox (`users.read`), and a message to them in their language.
  app.get(
    '/admin/users/:id/messages',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's inbox",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserMessagesSchema),
      },
    },
    async (request, reply) => reply.ok(await messagesForOperator(db, request.params.id, request.query)),
  );
  app.post(
    '/admin/users/:id/messages',
    {
      config: { access: 'users.act' },
      schema: {
        summary: 'Send a message to one user',
        params: adminUserIdParamsSchema,
        body: adminUserMessageBodySchema,
        response: answers(operatorMessageSentSchema),
      },
    },
    async (request, reply) => {
      const reference = newReference();
      const sent = await sendUserMessage(db, operatorAct(request), reference);
      return reply.ok({ recipients: sent, reference }, 'operation_succeeded');
    },
  );
};
