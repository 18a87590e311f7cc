import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInviteCodeSchema, adminInviteCreateBodySchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { createOperatorInvite } from './invites.service.ts';

/** Operators hand out invitation codes of the platform's own (no inviting user), audited. */
export const adminInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.post(
    '/admin/invite-codes',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Create an invitation code',
        body: adminInviteCreateBodySchema,
        response: answers(adminInviteCodeSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await createOperatorInvite(db, {
          maxUses: request.body.max_uses ?? null,
          operator: request.operator,
          reason: request.body.reason,
          ip: request.ip,
        }),
        'added',
      ),
  );
};
