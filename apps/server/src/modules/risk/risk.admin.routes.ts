import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  heldChangeSchema,
  riskFlagListSchema,
  riskFlagQuerySchema,
  riskRuleChangeSchema,
  riskRuleListSchema,
  riskRuleParamsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { listFlags, listRules, proposeRuleChange } from './risk.service.ts';

/** Risk flags (read by whoever reviews money or reads users) and the rules' settings, changed only when held. */
export const adminRiskRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/risk/flags',
    {
      config: { access: 'users.read' },
      schema: {
        summary: 'Risk flags, by user or rule',
        querystring: riskFlagQuerySchema,
        response: answers(riskFlagListSchema),
      },
    },
    async (request, reply) => reply.ok({ items: await listFlags(db, request.query) }),
  );
  app.get(
    '/admin/risk/rules',
    {
      config: { access: 'users.read' },
      schema: { summary: 'The risk rules, their settings and hits', response: answers(riskRuleListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await listRules(db) }),
  );
  app.post(
    '/admin/risk/rules/:rule',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Propose a change of a risk rule (held)',
        params: riskRuleParamsSchema,
        body: riskRuleChangeSchema,
        response: answers(heldChangeSchema),
      },
    },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const held = await proposeRuleChange(db, request.params.rule, change, {
        operator: request.operator,
        reason,
        ip: request.ip,
      });
      return reply.ok(held, 'change_proposed');
    },
  );
};
