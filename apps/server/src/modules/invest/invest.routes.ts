import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accrualListSchema,
  appendBodySchema,
  holdingIdQuerySchema,
  holdingListSchema,
  investResultSchema,
  joinBodySchema,
  keepBodySchema,
  myProjectQuerySchema,
  planDetailSchema,
  planIdQuerySchema,
  planListQuerySchema,
  planListSchema,
  projectOrderListQuerySchema,
  projectOrderListSchema,
  stopBodySchema,
  stopQuoteSchema,
  stopResultSchema,
  yuebaoInfoSchema,
  flexAmountQuerySchema,
  flexInfoSchema,
  flexMoveBodySchema,
  flexMoveResultSchema,
  flexMoveSchema,
  flexOutBodySchema,
  flexOutQuoteSchema,
  type Holding,
  type Language,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import {
  accrualList,
  append,
  join,
  keep,
  listPlans,
  myProjects,
  planDetail,
  projectOrders,
  stop,
  stopQuote,
  yuebaoInfo,
} from './invest.service.ts';
import { localisePlans, localiseTitles } from './plan-texts.ts';
import { flexIn, flexInfo, flexMoves, flexOut, flexOutQuote } from './flexible.service.ts';
import { z } from 'zod';

/** Yuebao, with the spec's paths. Money-moving calls carry an idempotency key. */
export const investRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  const c = () => ({ now: now(), tz });
  const uid = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userId;
  // Plans' names and descriptions in the reader's language (English where an operator wrote none).
  const one = async <T extends { plan_id: number; title: string }>(item: T, lang: Language) =>
    (await localiseTitles(db, [item], lang))[0]!;
  const named = async <T extends { holding: Holding }>(result: T, lang: Language) => ({
    ...result,
    holding: await one(result.holding, lang),
  });
  // The plans on offer are public (Home shows them to visitors); everything about a user's money needs a session.
  const open = new Set(['/api/user/yeb_project']);
  app.addHook('onRequest', async (request) => {
    if (!open.has(request.routeOptions.url ?? '')) await app.requireUser(request);
  });

  app.get(
    '/api/user/yeb_project',
    {
      schema: {
        summary: 'One Yuebao plan with its terms',
        querystring: planListQuerySchema,
        response: answers(planListSchema),
      },
    },
    async (request, reply) => {
      const list = await listPlans(db, request.query, now());
      return reply.ok({ ...list, items: await localisePlans(db, list.items, request.lang) });
    },
  );
  app.get(
    '/api/user/yeb',
    { schema: { summary: 'Yuebao overview', querystring: planIdQuerySchema, response: answers(planDetailSchema) } },
    async (request, reply) => {
      const detail = await planDetail(db, uid(request), request.query.id, c());
      const [plan] = await localisePlans(db, [detail.plan], request.lang);
      return reply.ok({ ...detail, plan: plan!, holding: detail.holding && (await one(detail.holding, request.lang)) });
    },
  );
  app.post(
    '/api/user/yebjoinnow',
    { schema: { summary: 'Buy into a Yuebao plan', body: joinBodySchema, response: answers(investResultSchema) } },
    async (request, reply) => {
      const { result } = await join(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(await named(result, request.lang), 'plan_bought');
    },
  );
  app.post(
    '/api/user/yebappend',
    { schema: { summary: 'Top up a plan holding', body: appendBodySchema, response: answers(investResultSchema) } },
    async (request, reply) => {
      const { result } = await append(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(await named(result, request.lang), 'plan_topped_up');
    },
  );
  app.post(
    '/api/user/yebkeep',
    {
      schema: {
        summary: 'Renew a plan holding at maturity',
        body: keepBodySchema,
        response: answers(investResultSchema),
      },
    },
    async (request, reply) => {
      const { result } = await keep(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(
        await named(result, request.lang),
        request.body.renew === '1' ? 'plan_renewal_on' : 'plan_renewal_off',
      );
    },
  );
  /** GET: the exact quote of an early stop; POST: the stop itself. */
  app.get(
    '/api/user/yebstop',
    {
      schema: {
        summary: 'Quote an early stop of a holding',
        querystring: holdingIdQuerySchema,
        response: answers(stopQuoteSchema),
      },
    },
    async (request, reply) => reply.ok(await stopQuote(db, uid(request), request.query.id, c())),
  );
  app.post(
    '/api/user/yebstop',
    { schema: { summary: 'Stop a plan holding early', body: stopBodySchema, response: answers(stopResultSchema) } },
    async (request, reply) => {
      const { result } = await stop(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(await named(result, request.lang), 'plan_stopped');
    },
  );
  app.get(
    '/api/user/yuebaoinfo',
    { schema: { summary: 'Yuebao plans on offer', response: answers(yuebaoInfoSchema) } },
    async (request, reply) => reply.ok(await yuebaoInfo(db, uid(request), c())),
  );
  app.get(
    '/api/user/myproject',
    {
      schema: { summary: 'My plan holdings', querystring: myProjectQuerySchema, response: answers(holdingListSchema) },
    },
    async (request, reply) => {
      const list = await myProjects(db, uid(request), request.query, c());
      return reply.ok({ ...list, items: await localiseTitles(db, list.items, request.lang) });
    },
  );
  app.get(
    '/api/user/project_orderlist',
    {
      schema: {
        summary: 'My plan orders',
        querystring: projectOrderListQuerySchema,
        response: answers(projectOrderListSchema),
      },
    },
    async (request, reply) => {
      const list = await projectOrders(db, uid(request), request.query);
      return reply.ok({ ...list, items: await localiseTitles(db, list.items, request.lang) });
    },
  );
  // The flexible balance: its figures, its moves, and a move out's split stated before it is confirmed.
  app.get(
    '/api/user/yeb_flex',
    { schema: { summary: 'My flexible Yuebao balance', response: answers(flexInfoSchema) } },
    async (request, reply) => reply.ok(await flexInfo(db, uid(request), c())),
  );
  app.get(
    '/api/user/yeb_flex_moves',
    {
      schema: { summary: 'My flexible Yuebao moves', response: answers(z.object({ items: z.array(flexMoveSchema) })) },
    },
    async (request, reply) => reply.ok({ items: await flexMoves(db, uid(request)) }),
  );
  app.post(
    '/api/user/yeb_flex_in',
    {
      schema: {
        summary: 'Move cash into the flexible balance',
        body: flexMoveBodySchema,
        response: answers(flexMoveResultSchema),
      },
    },
    async (request, reply) => {
      const { result } = await flexIn(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(result, 'flex_moved_in');
    },
  );
  app.get(
    '/api/user/yeb_flex_out',
    {
      schema: {
        summary: 'Quote a move out: what arrives now and tomorrow',
        querystring: flexAmountQuerySchema,
        response: answers(flexOutQuoteSchema),
      },
    },
    async (request, reply) => reply.ok(await flexOutQuote(db, uid(request), request.query.amount, c())),
  );
  app.post(
    '/api/user/yeb_flex_out',
    {
      schema: {
        summary: 'Move money out of the flexible balance',
        body: flexOutBodySchema,
        response: answers(flexMoveResultSchema),
      },
    },
    async (request, reply) => {
      const { result } = await flexOut(db, { userId: uid(request), body: request.body, now: now(), tz });
      return reply.ok(result, 'flex_moved_out');
    },
  );
  /** A holding's daily credits (the remote downloads them as CSV). */
  app.get(
    '/api/user/yeb_accruals',
    {
      schema: {
        summary: "A holding's daily interest credits",
        querystring: holdingIdQuerySchema,
        response: answers(accrualListSchema),
      },
    },
    async (request, reply) => reply.ok(await accrualList(db, uid(request), request.query.id)),
  );
};
