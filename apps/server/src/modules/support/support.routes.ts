import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  badgesSchema,
  supportConversationSchema,
  supportMessageSchema,
  supportSendBodySchema,
  unreadCountSchema,
  type Badges,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { conversation, markSupportRead, supportUnread, userWrites } from './support.service.ts';
import { unreadCount } from '../inbox/index.ts';

/** The user's conversation with customer service (the channels themselves are public, in /api/index/ater). */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.addHook('onRequest', app.requireUser);
  app.get(
    '/api/user/service',
    { schema: { summary: 'My support conversation', response: answers(supportConversationSchema) } },
    async (request, reply) => reply.ok(await conversation(db, currentUser(request).userId)),
  );
  app.post(
    '/api/user/service',
    {
      schema: { summary: 'Write to support', body: supportSendBodySchema, response: answers(supportMessageSchema) },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request, reply) =>
      reply.ok(
        await userWrites(db, currentUser(request).userId, request.body.body, request.body.topic),
        'support_sent',
      ),
  );
  /** The user has seen the answers (clears the badge). */
  app.post(
    '/api/user/service_read',
    { schema: { summary: "Mark support's answers seen", response: answers(unreadCountSchema) } },
    async (request, reply) => {
      await markSupportRead(db, currentUser(request).userId);
      return reply.ok({ unread: 0 });
    },
  );
  /** Unread counts for the badges on Mine, its menu and customer service. */
  app.get(
    '/api/user/badges',
    { schema: { summary: "Unread counts for the app's badges", response: answers(badgesSchema) } },
    async (request, reply) => {
      const userId = currentUser(request).userId;
      const [messages, support] = await Promise.all([unreadCount(db, userId), supportUnread(db, userId)]);
      const badges: Badges = { messages, support };
      return reply.ok(badges);
    },
  );
};
