import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPlanListSchema,
  adminPlanSchema,
  adminUserHoldingsSchema,
  adminUserIdParamsSchema,
  adminUserPageQuerySchema,
  heldOnlySchema,
  reasonSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';
import { myProjects } from './invest.service.ts';
import {
  adminFlex,
  flexInstantBodySchema,
  flexRateBodySchema,
  proposeFlexRate,
  setInstantOutDaily,
} from './flexible-admin.service.ts';
import { adminFlexSchema } from '@app/contracts';
import {
  createPlan,
  editPlan,
  listPlansForOperator,
  planCreateSchema,
  planEditSchema,
  setPlanState,
} from './plans-admin.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });

/**
 * Operators create, edit, pause, resume and close plans; each act is audited with its before and after in
 * the same transaction. A holding's terms are copied at purchase, so no edit here can change one.
 */
export const adminInvestRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // One user's page in the console: the plans they hold, each with its lots (`users.read`).
  app.get(
    '/admin/users/:id/plans',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's plan holdings",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserHoldingsSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await myProjects(db, request.params.id, request.query, { now: app.now(), tz: app.tz })),
  );
  app.get(
    '/admin/plans',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'List Yuebao plans', response: answers(adminPlanListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await listPlansForOperator(db) }),
  );

  app.post(
    '/admin/plans',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'Create a Yuebao plan', body: planCreateSchema, response: answers(heldOnlySchema) },
    },
    // A new plan's rates are money terms: it is held whole for a second operator.
    async (request, reply) => reply.ok({ held: await createPlan(db, operatorAct(request)) }, 'change_proposed'),
  );

  app.post(
    '/admin/plans/:id',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Edit a Yuebao plan',
        params: idParams,
        body: planEditSchema,
        response: answers(adminPlanSchema),
      },
    },
    async (request, reply) => {
      const { plan, held } = await editPlan(db, request);
      return reply.ok(plan, held ? 'change_proposed' : 'operation_succeeded');
    },
  );

  // The flexible balance: its rate (held for a second operator, from a future day) and the instant-out amount.
  const clock = () => ({ now: app.now(), tz: app.tz });
  app.get(
    '/admin/yuebao-flexible',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'The flexible Yuebao terms and announced rates', response: answers(adminFlexSchema) },
    },
    async (_request, reply) => reply.ok(await adminFlex(db, clock())),
  );
  app.post(
    '/admin/yuebao-flexible/rate',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Propose a flexible Yuebao rate from a later day (held)',
        body: flexRateBodySchema,
        response: answers(heldOnlySchema),
      },
    },
    async (request, reply) =>
      reply.ok({ held: await proposeFlexRate(db, operatorAct(request), clock()) }, 'change_proposed'),
  );
  app.post(
    '/admin/yuebao-flexible/instant-out',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Set the flexible Yuebao instant-out daily amount',
        body: flexInstantBodySchema,
        response: answers(adminFlexSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await setInstantOutDaily(db, operatorAct(request), clock()), 'operation_succeeded'),
  );

  const transitions = { pause: 'paused', resume: 'active', close: 'closed' } as const;
  for (const [action, state] of Object.entries(transitions)) {
    app.post(
      `/admin/plans/:id/${action}`,
      {
        config: { access: 'catalogue.edit' },
        schema: {
          summary: `${action[0]!.toUpperCase()}${action.slice(1)} a plan (${state})`,
          params: idParams,
          body: z.object({ reason: reasonSchema }),
          response: answers(adminPlanSchema),
        },
      },
      async (request, reply) => {
        const saved = await setPlanState(db, request, action, state);
        return reply.ok(saved, 'operation_succeeded');
      },
    );
  }
};
