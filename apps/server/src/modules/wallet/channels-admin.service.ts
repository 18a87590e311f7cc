import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import { channelKindSchema, NETWORKS, parseMoney, reasonSchema, type AdminRechargeChannel } from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { checkAddress } from './address-validation.ts';
import { toChannel } from './recharge.service.ts';
import { rechargeChannels } from './wallet.table.ts';

// The recharge channels as operators keep them: every change audited with who, when and why.

/** Who acts, why and from where, for the audit trail. */
export type Actor = { operator: string; reason: string; ip: string };

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

export const operatorChannel = (c: typeof rechargeChannels.$inferSelect): AdminRechargeChannel => ({
  ...toChannel(c),
  enabled: c.enabled,
  sort: c.sort,
});

export async function listChannels(db: Db) {
  const rows = await db.select().from(rechargeChannels).orderBy(asc(rechargeChannels.sort), asc(rechargeChannels.id));
  return rows.map(operatorChannel);
}

export async function createChannel(db: Db, body: ChannelBody, actor: Actor) {
  const values = channelValues(body);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx.insert(rechargeChannels).values(values).returning();
    await audit(tx, {
      operator: actor.operator,
      action: 'channel.create',
      target: `channel:${created!.id}`,
      reason: actor.reason,
      details: operatorChannel(created!),
      ip: actor.ip,
    });
    return created!;
  });
  return operatorChannel(row);
}

export async function updateChannel(db: Db, id: number, body: ChannelBody, actor: Actor) {
  const values = channelValues(body);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(rechargeChannels).where(eq(rechargeChannels.id, id)).for('update');
    if (!before) throw new AppError('no_data');
    const [after] = await tx
      .update(rechargeChannels)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(rechargeChannels.id, before.id))
      .returning();
    await audit(tx, {
      operator: actor.operator,
      action: 'channel.update',
      target: `channel:${before.id}`,
      reason: actor.reason,
      details: { before: operatorChannel(before), after: operatorChannel(after!) },
      ip: actor.ip,
    });
    return after!;
  });
  return operatorChannel(row);
}

export async function setChannelEnabled(db: Db, id: number, enabled: boolean, actor: Actor) {
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(rechargeChannels)
      .set({ enabled, updatedAt: sql`now()` })
      .where(eq(rechargeChannels.id, id))
      .returning();
    if (!updated) throw new AppError('no_data');
    await audit(tx, {
      operator: actor.operator,
      action: `channel.${enabled ? 'enable' : 'disable'}`,
      target: `channel:${updated.id}`,
      reason: actor.reason,
      ip: actor.ip,
    });
    return updated;
  });
  return operatorChannel(row);
}
