import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminInviteSettingsBodySchema, inviteRulesSchema } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { inviteRules, setInviteRules } from './referral.service.ts';
import { formatMoney } from '@app/contracts';

/** The invitation bonus rule: read, and set with a reason (audited with the values before and after). */
export const adminReferralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/invite-settings',
    {
      config: { access: 'settings.edit' },
      schema: { summary: 'Read the invitation settings', response: answers(inviteRulesSchema) },
    },
    async (_request, reply) => {
      const r = await inviteRules(db);
      return reply.ok({ bonus_amount: formatMoney(r.amount), condition: r.condition });
    },
  );
  app.post(
    '/admin/invite-settings',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Change the invitation settings',
        body: adminInviteSettingsBodySchema,
        response: answers(inviteRulesSchema),
      },
    },
    async (request, reply) => {
      const rules = await setInviteRules(db, {
        amount: request.body.bonus_amount,
        condition: request.body.condition,
        operator: request.operator,
        reason: request.body.reason,
        ip: request.ip,
      });
      return reply.ok(rules, 'operation_succeeded');
    },
  );
};
