import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import { channelKindSchema, NETWORKS, parseMoney, reasonSchema, uploadIdParamsSchema } from '@app/contracts';
import type { Db } from '../db/client.ts';
import { AppError } from '../plugins/app-error.ts';
import { audit } from '../modules/audit/audit.service.ts';
import type { UploadStore } from '../modules/uploads/upload-store.ts';
import { checkAddress } from '../modules/wallet/address-validation.ts';
import {
  approveDeposit,
  auditDeposit,
  depositsForReview,
  refuseDeposit,
  toChannel,
} from '../modules/wallet/recharge.service.ts';
import { loadSettings, saveSettings, settingsChangeSchema, settingsView } from '../modules/wallet/wallet-settings.ts';
import { rechargeChannels } from '../modules/wallet/wallet.table.ts';
import { approveWithdrawal, refuseWithdrawal, withdrawalsForReview } from '../modules/wallet/withdraw.service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const reviewQuery = z.object({
  status: z.coerce.number().int().min(1).max(4).default(3),
  page: z.coerce.number().int().min(1).default(1),
  size: z.coerce.number().int().min(1).max(200).default(50),
});
const money = z.string().transform((v, ctx) => {
  const parsed = parseMoney(v);
  if (parsed === null || parsed <= 0n) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return parsed;
});
const optionalText = z.string().trim().min(1).max(120).optional();

export const channelBodySchema = z.object({
  reason: reasonSchema,
  kind: channelKindSchema,
  name: z.string().trim().min(1).max(60),
  bank_name: optionalText,
  account: optionalText,
  holder: optionalText,
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/)
    .optional(),
  network: z.enum(NETWORKS).optional(),
  address: optionalText,
  min: money,
  max: money,
  bonus_pct: z
    .string()
    .regex(/^\d{1,3}(\.\d{1,2})?$/)
    .default('0')
    .transform((v) => Math.round(Number(v) * 100))
    .refine((v) => v <= 10_000),
  enabled: z.boolean().default(true),
  sort: z.coerce.number().int().min(0).max(1000).default(0),
});
type ChannelBody = z.infer<typeof channelBodySchema>;

function channelValues(b: ChannelBody) {
  if (b.max < b.min) throw new AppError('invalid_request');
  if (b.kind === 'bank' && !(b.bank_name && b.account && b.holder)) throw new AppError('please_fill_in');
  if (b.kind === 'crypto') {
    if (!(b.currency && b.network && b.address)) throw new AppError('please_fill_in');
    if (!checkAddress(b.network, b.address).ok)
      throw new AppError('wallet_address_invalid', { params: { network: b.network } });
  }
  if ((b.kind === 'alipay' || b.kind === 'wechat') && !(b.account && b.holder)) throw new AppError('please_fill_in');
  return {
    kind: b.kind,
    name: b.name,
    bankName: b.bank_name ?? null,
    account: b.account ?? null,
    holder: b.holder ?? null,
    currency: b.currency ?? null,
    network: b.network ?? null,
    address: b.address ?? null,
    minAmount: b.min,
    maxAmount: b.max,
    bonusBp: b.bonus_pct,
    enabled: b.enabled,
    sort: b.sort,
  };
}

const operatorChannel = (c: typeof rechargeChannels.$inferSelect) => ({
  ...toChannel(c),
  enabled: c.enabled,
  sort: c.sort,
});

/**
 * Operators' side of the wallet: recharge channels, review of recharges (four-eyes above the threshold) and
 * withdrawals, the transfer screenshots, and the wallet settings. Every act is audited with who, when, why.
 */
export const adminWalletRoutes: FastifyPluginAsyncZod<{ db: Db; store: UploadStore }> = async (app, { db, store }) => {
  const ip = (request: { ip: string }) => ({ ip: request.ip });

  // ---------- channels ----------
  app.get('/admin/recharge-channels', async (_request, reply) => {
    const rows = await db.select().from(rechargeChannels).orderBy(asc(rechargeChannels.sort), asc(rechargeChannels.id));
    return reply.ok({ items: rows.map(operatorChannel) });
  });
  app.post('/admin/recharge-channels', { schema: { body: channelBodySchema } }, async (request, reply) => {
    const values = channelValues(request.body);
    const row = await db.transaction(async (tx) => {
      const [created] = await tx.insert(rechargeChannels).values(values).returning();
      await audit(tx, {
        operator: request.operator,
        action: 'channel.create',
        target: `channel:${created!.id}`,
        reason: request.body.reason,
        details: operatorChannel(created!),
        ...ip(request),
      });
      return created!;
    });
    return reply.ok(operatorChannel(row), 'added');
  });
  app.post(
    '/admin/recharge-channels/:id',
    { schema: { params: idParams, body: channelBodySchema } },
    async (request, reply) => {
      const values = channelValues(request.body);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(rechargeChannels)
          .where(eq(rechargeChannels.id, request.params.id))
          .for('update');
        if (!before) throw new AppError('no_data');
        const [after] = await tx
          .update(rechargeChannels)
          .set({ ...values, updatedAt: sql`now()` })
          .where(eq(rechargeChannels.id, before.id))
          .returning();
        await audit(tx, {
          operator: request.operator,
          action: 'channel.update',
          target: `channel:${before.id}`,
          reason: request.body.reason,
          details: { before: operatorChannel(before), after: operatorChannel(after!) },
          ...ip(request),
        });
        return after!;
      });
      return reply.ok(operatorChannel(row), 'operation_succeeded');
    },
  );
  for (const enabled of [true, false]) {
    const action = enabled ? 'enable' : 'disable';
    app.post(
      `/admin/recharge-channels/:id/${action}`,
      { schema: { params: idParams, body: z.object({ reason: reasonSchema }) } },
      async (request, reply) => {
        const row = await db.transaction(async (tx) => {
          const [updated] = await tx
            .update(rechargeChannels)
            .set({ enabled, updatedAt: sql`now()` })
            .where(eq(rechargeChannels.id, request.params.id))
            .returning();
          if (!updated) throw new AppError('no_data');
          await audit(tx, {
            operator: request.operator,
            action: `channel.${action}`,
            target: `channel:${updated.id}`,
            reason: request.body.reason,
            ...ip(request),
          });
          return updated;
        });
        return reply.ok(operatorChannel(row), 'operation_succeeded');
      },
    );
  }

  // ---------- recharges ----------
  app.get('/admin/deposits', { schema: { querystring: reviewQuery } }, async (request, reply) =>
    reply.ok(await depositsForReview(db, request.query)),
  );
  const depositActions = { approve: approveDeposit, audit: auditDeposit, refuse: refuseDeposit } as const;
  for (const [action, decide] of Object.entries(depositActions)) {
    app.post(
      `/admin/deposits/:id/${action}`,
      { schema: { params: idParams, body: z.object({ reason: reasonSchema }) } },
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
  app.get('/admin/uploads/:id', { schema: { params: uploadIdParamsSchema } }, async (request, reply) => {
    const found = await store.read(db, request.params.id);
    if (!found) throw new AppError('no_data');
    await audit(db, {
      operator: request.operator,
      action: 'upload.read',
      target: `upload:${found.meta.id}`,
      reason: String(request.headers['x-reason'] ?? 'review'),
      ...ip(request),
    });
    return reply
      .header('content-type', found.meta.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(found.data);
  });

  // ---------- withdrawals ----------
  app.get('/admin/withdrawals', { schema: { querystring: reviewQuery } }, async (request, reply) =>
    reply.ok(await withdrawalsForReview(db, request.query)),
  );
  app.post(
    '/admin/withdrawals/:id/approve',
    { schema: { params: idParams, body: z.object({ reason: reasonSchema }) } },
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
    { schema: { params: idParams, body: z.object({ reason: reasonSchema }) } },
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
  app.get('/admin/wallet-settings', async (_request, reply) => reply.ok(settingsView(await loadSettings(db))));
  app.post(
    '/admin/wallet-settings',
    { schema: { body: settingsChangeSchema.extend({ reason: reasonSchema }) } },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const saved = await db.transaction(async (tx) => {
        const before = settingsView(await loadSettings(tx));
        await saveSettings(tx, change);
        const after = settingsView(await loadSettings(tx));
        if (BigInt(after.withdraw_max.replace('.', '')) < BigInt(after.withdraw_min.replace('.', '')))
          throw new AppError('invalid_request');
        await audit(tx, {
          operator: request.operator,
          action: 'wallet.settings',
          target: 'wallet:settings',
          reason,
          details: { before, after },
          ...ip(request),
        });
        return after;
      });
      return reply.ok(saved, 'operation_succeeded');
    },
  );
};
