import { sendPrivateFile, viewingReason } from '../../platform/http/private-file.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminRefusalBodySchema,
  adminDepositExportSchema,
  adminDepositListSchema,
  adminDepositSearchSchema,
  adminWithdrawalDetailSchema,
  adminWithdrawalExportSchema,
  adminWithdrawalSearchSchema,
  adminRechargeChannelListSchema,
  adminRechargeChannelSchema,
  heldOnlySchema,
  adminWithdrawalApprovalSchema,
  adminWithdrawalListSchema,
  reasonSchema,
  rechargeRecordSchema,
  uploadIdParamsSchema,
  walletSettingsSchema,
  withdrawRecordSchema,
} from '@app/contracts';
import { bulkDecisionRoutes } from '../../platform/audit/bulk-decision.ts';
import { exportRoute, utc } from '../../platform/audit/csv-export.ts';
import { answers, fileAnswers } from '../../platform/http/answers.ts';
import { wordingIfChosen } from '../reply-templates/index.ts';
import type { UploadStore } from '../uploads/index.ts';
import {
  channelBodySchema,
  createChannel,
  listChannels,
  setChannelEnabled,
  updateChannel,
} from './channels-admin.service.ts';
import { searchDeposits, searchWithdrawals, withdrawalDetail } from './money-search.service.ts';
import {
  approveDeposit,
  approveOrAuditDeposit,
  auditDeposit,
  readUploadForReview,
  refuseDeposit,
} from './recharge.service.ts';
import { changeSettings, loadSettings, settingsChangeSchema, settingsView } from './wallet-settings.ts';
import { approveWithdrawal, refuseWithdrawal } from './withdraw.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
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
    {
      config: { access: 'settings.edit' },
      schema: { summary: 'List recharge channels', response: answers(adminRechargeChannelListSchema) },
    },
    async (_request, reply) => reply.ok({ items: await listChannels(db) }),
  );
  app.post(
    '/admin/recharge-channels',
    {
      config: { access: 'settings.edit' },
      schema: { summary: 'Add a recharge channel', body: channelBodySchema, response: answers(heldOnlySchema) },
    },
    // A new channel is new money terms: held whole for a second operator.
    async (request, reply) => {
      const { held } = await createChannel(db, request.body, actor(request));
      return reply.ok({ held }, 'change_proposed');
    },
  );
  app.post(
    '/admin/recharge-channels/:id',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Edit a recharge channel',
        params: idParams,
        body: channelBodySchema,
        response: answers(adminRechargeChannelSchema),
      },
    },
    async (request, reply) => {
      const { channel, held } = await updateChannel(db, request.params.id, request.body, actor(request));
      return reply.ok(channel, held ? 'change_proposed' : 'operation_succeeded');
    },
  );
  for (const enabled of [true, false]) {
    app.post(
      `/admin/recharge-channels/:id/${enabled ? 'enable' : 'disable'}`,
      {
        config: { access: 'settings.edit' },
        schema: {
          summary: enabled ? 'Enable a recharge channel' : 'Disable a recharge channel',
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
      schema: {
        summary: 'List deposits',
        querystring: adminDepositSearchSchema,
        response: answers(adminDepositListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return reply.ok({ ...(await searchDeposits(db, filter, { limit: size, offset: (page - 1) * size })), page });
    },
  );
  exportRoute(app, {
    url: '/admin/deposits/export',
    access: 'money.review',
    querystring: adminDepositExportSchema,
    description: 'Deposits as CSV (UTF-8, BOM)',
    list: 'deposits',
    read: async (q, limit) => (await searchDeposits(db, q, { limit, offset: 0 })).items,
    columns: [
      'id',
      'reference_code',
      'user_id',
      'account',
      'status',
      'amount',
      ['channel', (d) => d.channel_name],
      'payer_name',
      'transfer_note',
      'first_approved_by',
      'reviewed_by',
      'reason',
      ['submitted_utc', (d) => utc(d.created_at)],
    ],
  });
  const depositActions = { approve: approveDeposit, audit: auditDeposit } as const;
  const depositSummaries = {
    approve: 'Approve a deposit',
    audit: 'Second approval of a deposit above the threshold',
  } as const;
  for (const [action, decide] of Object.entries(depositActions)) {
    app.post(
      `/admin/deposits/:id/${action}`,
      {
        config: { access: 'money.review' },
        schema: {
          summary: depositSummaries[action as keyof typeof depositSummaries],
          params: idParams,
          body: z.object({ reason: reasonSchema }),
          response: answers(rechargeRecordSchema),
        },
      },
      async (request, reply) => {
        const record = await decide(db, { id: request.params.id, ...actor(request) });
        return reply.ok(record, 'operation_succeeded');
      },
    );
  }

  app.post(
    '/admin/deposits/:id/refuse',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'Refuse a deposit, telling the user the reason or a reply template in their language',
        params: idParams,
        body: adminRefusalBodySchema,
        response: answers(rechargeRecordSchema),
      },
    },
    async (request, reply) => {
      const wording = await wordingIfChosen(db, request.body.template_id, 'deposit_refuse');
      const record = await refuseDeposit(db, { id: request.params.id, ...actor(request), wording });
      return reply.ok(record, 'operation_succeeded');
    },
  );

  // Triage: one decision and one reason over up to BULK_MAX_ITEMS deposits, each its own act.
  bulkDecisionRoutes(app, {
    base: '/admin/deposits',
    access: 'money.review',
    items: 'deposits',
    fourEyes: true,
    approve: async (id, actor) => ((await approveOrAuditDeposit(db, { id, ...actor })).held ? 'held' : 'done'),
    wording: (templateId) => wordingIfChosen(db, templateId, 'deposit_refuse'),
    refuse: async (id, actor, wording) => void (await refuseDeposit(db, { id, ...actor, wording })),
  });

  /** A transfer screenshot, for the operators reviewing it (reading it is audited). */
  app.get(
    '/admin/uploads/:id',
    {
      config: { access: 'money.review' },
      schema: {
        summary: "A deposit's transfer screenshot",
        params: uploadIdParamsSchema,
        querystring: z.object({ reason: reasonSchema.optional() }),
        response: fileAnswers('The uploaded image (its own content type)', 'image/*'),
      },
    },
    async (request, reply) => {
      const found = await readUploadForReview(db, store, request.params.id, {
        operator: request.operator,
        reason: viewingReason(request, 'review'),
        ip: request.ip,
      });
      return sendPrivateFile(reply, found);
    },
  );

  // ---------- withdrawals ----------
  app.get(
    '/admin/withdrawals',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'List withdrawals',
        querystring: adminWithdrawalSearchSchema,
        response: answers(adminWithdrawalListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      return reply.ok({ ...(await searchWithdrawals(db, filter, { limit: size, offset: (page - 1) * size })), page });
    },
  );
  exportRoute(app, {
    url: '/admin/withdrawals/export',
    access: 'money.review',
    querystring: adminWithdrawalExportSchema,
    description: 'Withdrawals as CSV (UTF-8, BOM)',
    list: 'withdrawals',
    read: async (q, limit) => (await searchWithdrawals(db, q, { limit, offset: 0 })).items,
    columns: [
      'id',
      'user_id',
      'account',
      'status',
      'amount',
      'fee',
      'received',
      'kind',
      ['pay_to', (w) => w.pay_to?.account ?? w.destination],
      ['holder', (w) => w.pay_to?.holder],
      'first_approved_by',
      'reason',
      ['submitted_utc', (w) => utc(w.created_at)],
    ],
  });
  /** One withdrawal with its destination's binding date, the holds running and the user's security changes. */
  app.get(
    '/admin/withdrawals/:id',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'One withdrawal with its checks',
        params: idParams,
        response: answers(adminWithdrawalDetailSchema),
      },
    },
    async (request, reply) => reply.ok(await withdrawalDetail(db, request.params.id, Math.floor(Date.now() / 1000))),
  );
  app.post(
    '/admin/withdrawals/:id/approve',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'Approve a withdrawal',
        params: idParams,
        body: z.object({ reason: reasonSchema }),
        response: answers(adminWithdrawalApprovalSchema),
      },
    },
    async (request, reply) => {
      const result = await approveWithdrawal(db, { id: request.params.id, ...actor(request) });
      return reply.ok(result, 'operation_succeeded');
    },
  );
  app.post(
    '/admin/withdrawals/:id/refuse',
    {
      config: { access: 'money.review' },
      schema: {
        summary: 'Refuse a withdrawal, telling the user the reason or a reply template in their language',
        params: idParams,
        body: adminRefusalBodySchema,
        response: answers(withdrawRecordSchema),
      },
    },
    async (request, reply) => {
      const wording = await wordingIfChosen(db, request.body.template_id, 'withdrawal_refuse');
      const record = await refuseWithdrawal(db, { id: request.params.id, ...actor(request), wording });
      return reply.ok(record, 'operation_succeeded');
    },
  );

  bulkDecisionRoutes(app, {
    base: '/admin/withdrawals',
    access: 'money.review',
    items: 'withdrawals',
    fourEyes: true,
    approve: async (id, actor) =>
      (await approveWithdrawal(db, { id, ...actor })).waiting_for_second ? 'held' : 'done',
    wording: (templateId) => wordingIfChosen(db, templateId, 'withdrawal_refuse'),
    refuse: async (id, actor, wording) => void (await refuseWithdrawal(db, { id, ...actor, wording })),
  });

  // ---------- settings ----------
  app.get(
    '/admin/wallet-settings',
    {
      config: { access: 'settings.edit' },
      schema: { summary: 'Read the wallet settings', response: answers(walletSettingsSchema) },
    },
    async (_request, reply) => reply.ok(settingsView(await loadSettings(db))),
  );
  app.post(
    '/admin/wallet-settings',
    {
      config: { access: 'settings.edit' },
      schema: {
        summary: 'Change the wallet settings',
        body: settingsChangeSchema.extend({ reason: reasonSchema }),
        response: answers(walletSettingsSchema),
      },
    },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const { settings, held } = await changeSettings(db, change, {
        operator: request.operator,
        reason,
        ip: request.ip,
      });
      // A held change answers the settings still in force; the console lists the proposal beside them.
      return reply.ok(settings, held ? 'change_proposed' : 'operation_succeeded');
    },
  );
};
