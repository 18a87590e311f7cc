import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  orderDetailSchema,
  orderIdQuerySchema,
  orderListQuerySchema,
  orderListSchema,
  orderProofSchema,
  orderSchema,
  placeOrderBodySchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { currentToken, currentUser } from '../../platform/http/authenticate.ts';
import { getOrderDetail, getOrderProof, listOrders, placeOrder } from './orders.service.ts';

export const orderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, now } = app;
  // Placement checks the session itself, in the statement that takes its users' locks (see requireToken).
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.url === '/api/user/addorder') await app.requireToken(request);
    else await app.requireUser(request);
  });

  app.post(
    '/api/user/addorder',
    { schema: { summary: 'Place a contract order', body: placeOrderBodySchema, response: answers(orderSchema) } },
    async (request, reply) => {
      const { order } = await placeOrder(db, {
        who: { token: currentToken(request) },
        body: request.body,
        now: now(),
      });
      return reply.ok(order, 'operation_succeeded');
    },
  );

  app.get(
    '/api/user/get_this_order',
    {
      schema: {
        summary: 'One of my orders with both prices and times',
        querystring: orderIdQuerySchema,
        response: answers(orderDetailSchema),
      },
    },
    async (request, reply) => reply.ok(await getOrderDetail(db, currentUser(request).userId, request.query.id)),
  );

  /** "Verify this order": the order's log entries and journals, checked by the browser against a signed head. */
  app.get(
    '/api/user/order_proof',
    {
      schema: {
        summary: 'The log entries and journals that prove one of my orders',
        querystring: orderIdQuerySchema,
        response: answers(orderProofSchema),
      },
    },
    async (request, reply) => reply.ok(await getOrderProof(db, currentUser(request).userId, request.query.id)),
  );

  app.get(
    '/api/user/orderlist',
    {
      schema: { summary: 'My contract orders', querystring: orderListQuerySchema, response: answers(orderListSchema) },
    },
    async (request, reply) => reply.ok(await listOrders(db, { userId: currentUser(request).userId, ...request.query })),
  );

  /** Holding orders only (the Order tab's "holding" list). */
  app.get(
    '/api/user/ajaxorder_list',
    {
      schema: {
        summary: 'My open contract orders',
        querystring: orderListQuerySchema.omit({ status: true }),
        response: answers(orderListSchema),
      },
    },
    async (request, reply) =>
      reply.ok(await listOrders(db, { userId: currentUser(request).userId, ...request.query, status: 'open' })),
  );
};
