import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  inboxListSchema,
  inboxMessageSchema,
  inboxReadAllSchema,
  msgListQuerySchema,
  msgReadBodySchema,
  unreadCountSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { listMessages, readAll, readMessage, unreadCount } from './inbox.service.ts';

/** /api/user/msg and its companions: a user's own messages only (someone else's id reads as missing). */
export const inboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;

  app.get(
    '/api/user/msg',
    {
      schema: {
        summary: 'List my inbox messages',
        querystring: msgListQuerySchema,
        response: answers(inboxListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, unread, cursor } = request.query;
      return reply.ok(
        await listMessages(db, {
          userId: uid(request),
          lang: request.lang,
          page,
          size,
          cursor,
          unreadOnly: unread === '1',
        }),
      );
    },
  );
  /** Opens one message and marks it read. */
  app.post(
    '/api/user/msg_read',
    {
      schema: {
        summary: 'Open a message and mark it read',
        body: msgReadBodySchema,
        response: answers(inboxMessageSchema),
      },
    },
    async (request, reply) => reply.ok(await readMessage(db, uid(request), request.body.id, request.lang)),
  );
  app.post(
    '/api/user/msg_read_all',
    { schema: { summary: 'Mark all my messages read', response: answers(inboxReadAllSchema) } },
    async (request, reply) => reply.ok(await readAll(db, uid(request))),
  );
  app.get(
    '/api/user/msg_unread',
    { schema: { summary: 'Count my unread messages', response: answers(unreadCountSchema) } },
    async (request, reply) => reply.ok({ unread: await unreadCount(db, uid(request)) }),
  );
};
