import { methodHoldHours } from './withdraw-allowlist.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminMethodParamsSchema,
  adminPaymentMethodSchema,
  adminPaymentMethodsSchema,
  adminReasonBodySchema,
  adminUserBalancesSchema,
  adminUserDepositsSchema,
  adminUserIdParamsSchema,
  adminUserPageQuerySchema,
  adminUserWithdrawalsSchema,
} from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { allowOneEdit } from './payment-methods.service.ts';
import { rechargeRecords } from './recharge.service.ts';
import { paymentMethodsForOperator, toAdminMethod, userBalancesForOperator } from './user-wallet-view.ts';
import { loadSettings } from './wallet-settings.ts';
import { withdrawRecords } from './withdraw.service.ts';
import { operatorAct } from '../../platform/http/operator-act.ts';

/**
 * The wallet's part of one user's page in the console: balances, deposits, withdrawals and payment methods
 * (`users.read`), and customer service's allowance of one edit of a locked method (`users.act`, audited).
 */
export const adminUserWalletRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const read = { config: { access: 'users.read' as const } };
  app.get(
    '/admin/users/:id/balances',
    {
      ...read,
      schema: {
        summary: "One user's balances",
        params: adminUserIdParamsSchema,
        response: answers(adminUserBalancesSchema),
      },
    },
    async (request, reply) => reply.ok(await userBalancesForOperator(db, request.params.id)),
  );
  app.get(
    '/admin/users/:id/deposits',
    {
      ...read,
      schema: {
        summary: "One user's deposits",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserDepositsSchema),
      },
    },
    async (request, reply) => reply.ok(await rechargeRecords(db, request.params.id, request.query)),
  );
  app.get(
    '/admin/users/:id/withdrawals',
    {
      ...read,
      schema: {
        summary: "One user's withdrawals",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminUserWithdrawalsSchema),
      },
    },
    async (request, reply) => reply.ok(await withdrawRecords(db, request.params.id, request.query)),
  );
  app.get(
    '/admin/users/:id/payment-methods',
    {
      ...read,
      schema: {
        summary: "One user's payout methods",
        params: adminUserIdParamsSchema,
        querystring: adminUserPageQuerySchema,
        response: answers(adminPaymentMethodsSchema),
      },
    },
    async (request, reply) => reply.ok(await paymentMethodsForOperator(db, request.params.id, request.query)),
  );
  app.post(
    '/admin/users/:id/payment-methods/:method_id/allow-edit',
    {
      config: { access: 'users.act' },
      schema: {
        summary: "Allow one edit of a user's locked payout method",
        params: adminMethodParamsSchema,
        body: adminReasonBodySchema,
        response: answers(adminPaymentMethodSchema),
      },
    },
    async (request, reply) => {
      const row = await allowOneEdit(db, operatorAct(request));
      const { hours } = await methodHoldHours(db, row.userId, await loadSettings(db));
      return reply.ok(toAdminMethod(row, hours, false, new Date()), 'operation_succeeded');
    },
  );
};
