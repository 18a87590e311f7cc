import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  guestSupportConversationSchema,
  guestSupportSendBodySchema,
  guestSupportTicketSchema,
  guestSupportVerifyBodySchema,
  supportMessageSchema,
} from '@app/contracts';
import { AppError } from '../../platform/http/app-error.ts';
import { answers } from '../../platform/http/answers.ts';
import { checkCode, consumeCode } from '../auth/index.ts';
import { guestConversation, guestWrites, openGuestConversation } from './support.service.ts';

const ticketOf = (request: FastifyRequest) => {
  const ticket = request.headers['x-support-ticket'];
  if (typeof ticket !== 'string' || !ticket.startsWith('sct_')) throw new AppError('support_ticket_expired');
  return ticket;
};

/**
 * Customer service for someone who cannot sign in (the forgot-password page sends them here): they prove a
 * phone number with an SMS code (`/api/login/sendcode` with purpose `support`, the same daily caps; the code
 * check is counted before it is verified) and get a day-long ticket to a conversation tied to that number.
 */
export const guestSupportRoutes: FastifyPluginAsyncZod<{ perMinute: number }> = async (app, { perMinute }) => {
  const { db } = app;
  const strict = { rateLimit: { max: perMinute, timeWindow: '1 minute' } };
  app.post(
    '/api/guest/service/verify',
    {
      schema: {
        summary: "Verify a guest's phone for support",
        body: guestSupportVerifyBodySchema,
        response: answers(guestSupportTicketSchema),
      },
      config: strict,
    },
    async (request, reply) => {
      const { phone, code } = request.body;
      const codeId = await checkCode(db, { phone, purpose: 'support', code });
      const ticket = await db.transaction(async (tx) => {
        if (!(await consumeCode(tx, codeId))) throw new AppError('wrong_verification_code', { field: 'code' });
        return openGuestConversation(tx, phone);
      });
      return reply.ok(ticket);
    },
  );
  app.get(
    '/api/guest/service',
    { schema: { summary: "A guest's support conversation", response: answers(guestSupportConversationSchema) } },
    async (request, reply) => reply.ok(await guestConversation(db, ticketOf(request))),
  );
  app.post(
    '/api/guest/service',
    {
      schema: {
        summary: 'Write to support as a guest',
        body: guestSupportSendBodySchema,
        response: answers(supportMessageSchema),
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) => reply.ok(await guestWrites(db, ticketOf(request), request.body.body), 'support_sent'),
  );
};
