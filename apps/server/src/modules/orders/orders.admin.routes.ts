import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminOrderExportSchema,
  adminOrderListSchema,
  adminOrderSearchSchema,
  adminUserIdParamsSchema,
  adminUserOrdersSchema,
  adminUserPageQuerySchema,
} from '@app/contracts';
import { exportRoute, utc } from '../../platform/audit/csv-export.ts';
import { answers } from '../../platform/http/answers.ts';
import { searchOrders } from './order-search.service.ts';
import { listOrders } from './orders.service.ts';

/** Operators' order search (user, product, status, mode, dates), its export, and the orders part of one user's page. */
export const adminOrderRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/orders',
    {
      config: { access: 'users.read' },
      schema: {
        summary: 'List and search contract orders',
        querystring: adminOrderSearchSchema,
        response: answers(adminOrderListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return reply.ok({ ...(await searchOrders(db, filter, { limit: size, offset: (page - 1) * size })), page });
    },
  );
  exportRoute(app, {
    url: '/admin/orders/export',
    access: 'users.read',
    querystring: adminOrderExportSchema,
    description: 'Orders as CSV (UTF-8, BOM)',
    list: 'orders',
    read: async (q, limit) => (await searchOrders(db, q, { limit, offset: 0 })).items,
    columns: [
      'id',
      'user_id',
      'account',
      ['product', (o) => o.symbol],
      'direction',
      'mode',
      'amount',
      'fee',
      'seconds',
      'open_price',
      'settle_price',
      'status',
      'result',
      'payout',
      ['created_utc', (o) => utc(o.created_at)],
    ],
  });
  app.get(
    '/admin/users/:id/orders',
    {
      config: { access: 'users.read' },
      schema: {
        summary: "One user's contract orders",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserOrdersSchema),
      },
    },
    async (request, reply) => reply.ok(await listOrders(db, { userId: request.params.id, ...request.query })),
  );
};
