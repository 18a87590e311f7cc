import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminOutboxListSchema, adminOutboxQuerySchema } from '@app/contracts';
import { answers } from '../http/answers.ts';
import { readOutbox } from './outbox-read.ts';

/** The SMS outbox for operators (where the texts of a deployment without an SMS gateway can be read). */
export const adminOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/sms-outbox',
    {
      config: { access: 'messages.read' },
      schema: {
        summary: 'Read the SMS outbox',
        querystring: adminOutboxQuerySchema,
        response: answers(adminOutboxListSchema),
      },
    },
    async (request, reply) =>
      reply.ok({
        items: await readOutbox(db, {
          ...request.query,
          operator: request.operator,
          reason: String(request.headers['x-reason'] ?? 'read outbox'),
          ip: request.ip,
        }),
      }),
  );
};
