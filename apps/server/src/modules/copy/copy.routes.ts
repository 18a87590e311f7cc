import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  chainQuerySchema,
  chainSchema,
  chainVerificationSchema,
  copyOrderListQuerySchema,
  copyOrderListSchema,
  goOrderBodySchema,
  leadBodySchema,
  leaderDetailSchema,
  leaderListQuerySchema,
  leaderListSchema,
  leaderQuerySchema,
  myLeaderSchema,
  recordIdQuerySchema,
  recordOrderListSchema,
  recordOrdersQuerySchema,
  subscriptionIdBodySchema,
  subscriptionListQuerySchema,
  subscriptionListSchema,
  subscriptionSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentUser } from '../../platform/http/authenticate.ts';
import { findSession } from '../auth/index.ts';
import { lead, myLeader, unlead } from './copy-leaders.service.ts';
import { follow, listCopyOrders, listSubscriptions, setSubscriptionStatus } from './copy-follow.service.ts';
import { chainOf, leaderDetail, listLeaders, listRecordOrders } from './copy-public.service.ts';
import { verifyRecord } from './copy-verify.ts';

/** Public: leaders, their records, the chains and their verification. No login needed. */
export const copyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, simulated } = app;
  /** The asking user when a valid token comes along (to say "following" and "this is you"), else nobody. */
  const viewer = async (request: FastifyRequest) => {
    const token = request.headers.token;
    const value = Array.isArray(token) ? token[0] : token;
    if (!value) return null;
    return (await findSession(db, value))?.userId ?? null;
  };

  app.get(
    '/api/copy/leaders',
    {
      schema: {
        summary: 'List copy-trading leaders',
        querystring: leaderListQuerySchema,
        response: answers(leaderListSchema),
      },
    },
    async (request, reply) => reply.ok(await listLeaders(db, request.query)),
  );
  app.get(
    '/api/copy/leader',
    {
      schema: {
        summary: 'One copy-trading leader',
        querystring: leaderQuerySchema,
        response: answers(leaderDetailSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await leaderDetail(db, {
          leaderId: request.query.leader_id,
          recordId: request.query.record_id,
          viewerId: await viewer(request),
          tz,
          simulated,
        }),
      ),
  );
  app.get(
    '/api/copy/record_orders',
    {
      schema: {
        summary: "The orders behind a leader's record",
        querystring: recordOrdersQuerySchema,
        response: answers(recordOrderListSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await listRecordOrders(db, { recordId: request.query.record_id, ...request.query, simulated })),
  );
  app.get(
    '/api/copy/chain',
    {
      schema: { summary: "A copy record's hash chain", querystring: chainQuerySchema, response: answers(chainSchema) },
    },
    async (request, reply) => reply.ok(await chainOf(db, { recordId: request.query.record_id, ...request.query })),
  );
  app.get(
    '/api/copy/verify',
    {
      schema: {
        summary: "Verify a leader's record",
        querystring: recordIdQuerySchema,
        response: answers(chainVerificationSchema),
      },
    },
    async (request, reply) => {
      const result = await verifyRecord(db, request.query.record_id);
      if (!result) throw new AppError('no_data');
      return reply.ok(result);
    },
  );
};

/** Logged in: leading, following (goorder), and one's follow-trade orders. */
export const copyUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, tz, now } = app;
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/api/user/copy_lead',
    { schema: { summary: 'My leader profile', response: answers(myLeaderSchema) } },
    async (request, reply) => reply.ok(await myLeader(db, currentUser(request).userId)),
  );
  app.post(
    '/api/user/copy_lead',
    {
      schema: {
        summary: 'Become a leader or change my leader profile',
        body: leadBodySchema,
        response: answers(myLeaderSchema),
      },
    },
    async (request, reply) =>
      reply.ok(
        await lead(db, currentUser(request).userId, {
          display_name: request.body.display_name,
          description: request.body.description,
        }),
        'copy_leading',
      ),
  );
  app.post(
    '/api/user/copy_unlead',
    { schema: { summary: 'Stop leading', response: answers(myLeaderSchema) } },
    async (request, reply) => reply.ok(await unlead(db, currentUser(request).userId), 'copy_retired'),
  );

  /** The spec's name: follow a leader (or change the settings of one's subscription to them). */
  app.post(
    '/api/user/goorder',
    {
      schema: {
        summary: 'Follow a leader, or change how I follow one',
        body: goOrderBodySchema,
        response: answers(subscriptionSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await follow(db, currentUser(request).userId, request.body, now(), tz), 'copy_followed'),
  );
  const statusRoute = (
    path: string,
    to: 'active' | 'paused' | 'stopped',
    key: 'copy_resumed' | 'copy_paused' | 'copy_stopped',
  ) =>
    app.post(
      path,
      {
        schema: {
          summary: `${{ active: 'Resume', paused: 'Pause', stopped: 'Stop' }[to]} following a leader`,
          body: subscriptionIdBodySchema,
          response: answers(subscriptionSchema),
        },
      },
      async (request, reply) =>
        reply.ok(await setSubscriptionStatus(db, currentUser(request).userId, request.body.id, to, now(), tz), key),
    );
  statusRoute('/api/user/copy_pause', 'paused', 'copy_paused');
  statusRoute('/api/user/copy_resume', 'active', 'copy_resumed');
  statusRoute('/api/user/copy_stop', 'stopped', 'copy_stopped');

  app.get(
    '/api/user/copy_list',
    {
      schema: {
        summary: 'Leaders I follow',
        querystring: subscriptionListQuerySchema,
        response: answers(subscriptionListSchema),
      },
    },
    async (request, reply) =>
      reply.ok({ items: await listSubscriptions(db, currentUser(request).userId, request.query.status, now(), tz) }),
  );
  app.get(
    '/api/user/copy_orders',
    {
      schema: {
        summary: 'Orders placed by copying',
        querystring: copyOrderListQuerySchema,
        response: answers(copyOrderListSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await listCopyOrders(db, { userId: currentUser(request).userId, ...request.query })),
  );
};
