import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { operatorMessageSentSchema, reasonSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { sendOperatorMessage } from './operator-messages.service.ts';

const messageSchema = z
  .object({
    reason: reasonSchema,
    /** One user, or `all: true` for every user who exists now. */
    user_id: z.coerce.number().int().positive().optional(),
    all: z.boolean().optional(),
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().min(1).max(2000),
  })
  .refine((b) => (b.user_id !== undefined) !== (b.all === true), { message: 'give user_id or all, not both' });

/** Operators write to one user's inbox or to everyone's; each message is audited. */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.post(
    '/admin/messages',
    {
      config: { access: 'support.reply' },
      schema: { body: messageSchema, response: answers(operatorMessageSentSchema) },
    },
    async (request, reply) => {
      const b = request.body;
      const reference = `operator:${Date.now()}:${Math.random().toString(36).slice(2, 10)}`;
      const sent = await sendOperatorMessage(db, b, reference, { operator: request.operator, ip: request.ip });
      return reply.ok({ recipients: sent, reference }, 'operation_succeeded');
    },
  );
};
