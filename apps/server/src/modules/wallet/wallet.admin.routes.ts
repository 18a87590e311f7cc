import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminDepositListSchema,
  adminRechargeChannelListSchema,
  adminRechargeChannelSchema,
  adminWithdrawalApprovalSchema,
  adminWithdrawalListSchema,
  reasonSchema,
  rechargeRecordSchema,
  uploadIdParamsSchema,
  walletSettingsSchema,
  withdrawRecordSchema,
} from '@app/contracts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import type { UploadStore } from '../uploads/index.ts';
import {
  channelBodySchema,
  createChannel,
  listChannels,
  setChannelEnabled,
  updateChannel,
} from './channels-admin.service.ts';
import {
  approveDeposit,
  auditDeposit,
  depositsForReview,
  readUploadForReview,
  refuseDeposit,
} from './recharge.service.ts';
import { changeSettings, loadSettings, settingsChangeSchema, settingsView } from './wallet-settings.ts';
import { approveWithdrawal, refuseWithdrawal, withdrawalsForReview } from './withdraw.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const reviewQuery = z.object({
  status: z.coerce.number().int().min(1).max(4).default(3),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
/**
 * Operators' side of the wallet: recharge channels, review of recharges (four-eyes above the threshold) and
 * withdrawals, the transfer screenshots, and the wallet settings. Every act is audited with who, when, why.
 */
export const adminWalletRoutes: FastifyPluginAsyncZod<{ store: UploadStore }> = async (app, { store }) => {
  const { db } = app;
  const actor = (request: { operator: string; body: { reason: string }; ip: string }) => ({
    operator: request.operator,
    reason: request.body.reason,
    ip: request.ip,
  });

  // ---------- channels ----------
  app.get(
    '/admin/recharge-channels',
    { config: { access: 'settings.edit' }, schema: { response: answers(adminRechargeChannelListSchema) } },
    async (_request, reply) => reply.ok({ items: await listChannels(db) }),
  );
  app.post(
    '/admin/recharge-channels',
    {
      config: { access: 'settings.edit' },
      schema: { body: channelBodySchema, response: answers(adminRechargeChannelSchema) },
    },
    async (request, reply) => reply.ok(await createChannel(db, request.body, actor(request)), 'added'),
  );
  app.post(
    '/admin/recharge-channels/:id',
    {
      config: { access: 'settings.edit' },
      schema: { params: idParams, body: channelBodySchema, response: answers(adminRechargeChannelSchema) },
    },
    async (request, reply) =>
      reply.ok(await updateChannel(db, request.params.id, request.body, actor(request)), 'operation_succeeded'),
  );
  for (const enabled of [true, false]) {
    app.post(
      `/admin/recharge-channels/:id/${enabled ? 'enable' : 'disable'}`,
      {
        config: { access: 'settings.edit' },
        schema: {
          params: idParams,
          body: z.object({ reason: reasonSchema }),
          response: answers(adminRechargeChannelSchema),
        },
      },
      async (request, reply) =>
        reply.ok(await setChannelEnabled(db, request.params.id, enabled, actor(request)), 'operation_succeeded'),
    );
  }

  // ---------- recharges ----------
  app.get(
    '/admin/deposits',
    {
      config: { access: 'money.review' },
      schema: { querystring: reviewQuery, response: answers(adminDepositListSchema) },
    },
    async (request, reply) => reply.ok(await depositsForReview(db, request.query)),
  );
  const depositActions = { approve: approveDeposit, audit: auditDeposit, refuse: refuseDeposit } as const;
  for (const [action, decide] of Object.entries(depositActions)) {
    app.post(
      `/admin/deposits/:id/${action}`,
      {
        config: { access: 'money.review' },
        schema: { params: idParams, body: z.object({ reason: reasonSchema }), response: answers(rechargeRecordSchema) },
      },
      async (request, reply) => {
        const record = await decide(db, {
          id: request.params.id,
          operator: request.operator,
          reason: request.body.reason,
          ip: request.ip,
        });
        return reply.ok(record, 'operation_succeeded');
      },
    );
  }

  /** A transfer screenshot, for the operators reviewing it (reading it is audited). */
  app.get(
    '/admin/uploads/:id',
    {
      config: { access: 'money.review' },
      schema: {
        params: uploadIdParamsSchema,
        querystring: z.object({ reason: reasonSchema.optional() }),
        response: fileAnswers('The uploaded image (its own content type)'),
      },
    },
    async (request, reply) => {
      const found = await readUploadForReview(db, store, request.params.id, {
        operator: request.operator,
        // An <img> in the console cannot send a header: the reason may come in the query string as well.
        reason: request.query.reason ?? String(request.headers['x-reason'] ?? 'review'),
        ip: request.ip,
      });
      return reply
        .header('content-type', found.meta.mime)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(found.data);
    },
  );

  // ---------- withdrawals ----------
  app.get(
    '/admin/withdrawals',
    {
      config: { access: 'money.review' },
      schema: { querystring: reviewQuery, response: answers(adminWithdrawalListSchema) },
    },
    async (request, reply) => reply.ok(await withdrawalsForReview(db, request.query)),
  );
  app.post(
    '/admin/withdrawals/:id/approve',
    {
      config: { access: 'money.review' },
      schema: {
        params: idParams,
        body: z.object({ reason: reasonSchema }),
        response: answers(adminWithdrawalApprovalSchema),
      },
    },
    async (request, reply) => {
      const result = await approveWithdrawal(db, {
        id: request.params.id,
        operator: request.operator,
        reason: request.body.reason,
        ip: request.ip,
      });
      return reply.ok(result, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/withdrawals/:id/refuse',
    {
      config: { access: 'money.review' },
      schema: { params: idParams, body: z.object({ reason: reasonSchema }), response: answers(withdrawRecordSchema) },
    },
    async (request, reply) => {
      const record = await refuseWithdrawal(db, {
        id: request.params.id,
        operator: request.operator,
        reason: request.body.reason,
        ip: request.ip,
      });
      return reply.ok(record, 'operation_succeeded');
    },
  );

  // ---------- settings ----------
  app.get(
    '/admin/wallet-settings',
    { config: { access: 'settings.edit' }, schema: { response: answers(walletSettingsSchema) } },
    async (_request, reply) => reply.ok(settingsView(await loadSettings(db))),
  );
  app.post(
    '/admin/wallet-settings',
    {
      config: { access: 'settings.edit' },
      schema: { body: settingsChangeSchema.extend({ reason: reasonSchema }), response: answers(walletSettingsSchema) },
    },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const saved = await changeSettings(db, change, { operator: request.operator, reason, ip: request.ip });
      return reply.ok(saved, 'operation_succeeded');
    },
  );
};
