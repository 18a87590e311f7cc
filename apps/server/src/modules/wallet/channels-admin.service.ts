import { z } from 'zod';
import { asc, eq, sql } from 'drizzle-orm';
import {
  channelKindSchema,
  formatMoney,
  NETWORKS,
  parseMoney,
  reasonSchema,
  type AdminRechargeChannel,
  type HeldChange,
  type HeldChangeField,
} from '@app/contracts';
import type { Db, Tx } from '../../platform/db/client.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
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

type ChannelRow = typeof rechargeChannels.$inferSelect;
type ChannelValues = ReturnType<typeof channelValues>;

/**
 * The fields of a channel that are money terms, in the form a held change records them: where users send their
 * money (the receiving details), the amounts it takes and the bonus it pays.
 */
const TERMS = {
  kind: (c: ChannelValues) => c.kind,
  bank_name: (c: ChannelValues) => c.bankName,
  account: (c: ChannelValues) => c.account,
  holder: (c: ChannelValues) => c.holder,
  currency: (c: ChannelValues) => c.currency,
  network: (c: ChannelValues) => c.network,
  address: (c: ChannelValues) => c.address,
  min: (c: ChannelValues) => formatMoney(c.minAmount),
  max: (c: ChannelValues) => formatMoney(c.maxAmount),
  bonus_pct: (c: ChannelValues) => (c.bonusBp / 100).toFixed(2),
} as const;
type Term = keyof typeof TERMS;

/**
 * Which terms of an edit weaken a control: new receiving details (an operator could point users' deposits at an
 * account of their own), a lower minimum or a higher maximum, a bonus changed either way (it moves money between
 * the house and users). A higher minimum or a lower maximum only tightens and applies at once.
 */
function weakening(before: ChannelValues, after: ChannelValues): Term[] {
  return (Object.keys(TERMS) as Term[]).filter((term) => {
    if (TERMS[term](before) === TERMS[term](after)) return false;
    if (term === 'min') return after.minAmount < before.minAmount;
    if (term === 'max') return after.maxAmount > before.maxAmount;
    return true;
  });
}

const valuesOfRow = (row: ChannelRow): ChannelValues => ({
  kind: row.kind as ChannelValues['kind'],
  name: row.name,
  bankName: row.bankName,
  account: row.account,
  holder: row.holder,
  currency: row.currency,
  network: row.network as ChannelValues['network'],
  address: row.address,
  minAmount: row.minAmount,
  maxAmount: row.maxAmount,
  bonusBp: row.bonusBp,
  enabled: row.enabled,
  sort: row.sort,
});

/** A held channel change as recorded (its values in JSON) and back. */
const recorded = (v: ChannelValues) => ({ ...v, minAmount: String(v.minAmount), maxAmount: String(v.maxAmount) });
const fromRecord = (v: Record<string, unknown>) =>
  ({ ...v, minAmount: BigInt(String(v.minAmount)), maxAmount: BigInt(String(v.maxAmount)) }) as ChannelValues;

/**
 * A new channel is held whole for a second operator (`recharge.channel`): its receiving details and terms are new
 * money terms. Nothing exists until the approval creates it.
 */
export async function createChannel(
  db: Db,
  body: ChannelBody,
  actor: Actor,
): Promise<{ channel: AdminRechargeChannel | null; held: HeldChange }> {
  const values = channelValues(body);
  const held = await db.transaction((tx) =>
    holdChange(tx, {
      kind: 'recharge.channel',
      target: `channel-new:${values.name}`,
      permission: 'settings.edit',
      change: { values: recorded(values) },
      fields: [
        { field: 'name', before: null, after: values.name },
        ...(Object.keys(TERMS) as Term[])
          .filter((term) => TERMS[term](values) !== null)
          .map((term) => ({ field: term, before: null, after: TERMS[term](values) })),
      ],
      act: actor,
    }),
  );
  return { channel: null, held };
}

async function insertChannel(tx: Tx, values: ChannelValues, actor: Actor, details: object) {
  const [created] = await tx.insert(rechargeChannels).values(values).returning();
  await audit(tx, {
    operator: actor.operator,
    action: 'channel.create',
    target: `channel:${created!.id}`,
    reason: actor.reason,
    details: { ...operatorChannel(created!), ...details },
    ip: actor.ip,
  });
  return created!;
}

/**
 * An edit applies its name, order and state at once, and its terms too when they only tighten; terms that weaken
 * (`weakening`) are held for a second operator, the channel answered with them still as they were.
 */
export async function updateChannel(
  db: Db,
  id: number,
  body: ChannelBody,
  actor: Actor,
): Promise<{ channel: AdminRechargeChannel; held: HeldChange | null }> {
  const values = channelValues(body);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(rechargeChannels).where(eq(rechargeChannels.id, id)).for('update');
    if (!before) throw new AppError('no_data');
    const was = valuesOfRow(before);
    const held = weakening(was, values);
    const now: ChannelValues = { ...values };
    if (held.length) {
      // The held terms stay as they are; the receiving details move together (a new bank without its account
      // would be neither), so any change of them holds them all.
      for (const key of ['kind', 'bankName', 'account', 'holder', 'currency', 'network', 'address'] as const)
        if (held.some((t) => ['kind', 'bank_name', 'account', 'holder', 'currency', 'network', 'address'].includes(t)))
          (now as Record<string, unknown>)[key] = was[key];
      if (held.includes('min')) now.minAmount = was.minAmount;
      if (held.includes('max')) now.maxAmount = was.maxAmount;
      if (held.includes('bonus_pct')) now.bonusBp = was.bonusBp;
      if (now.maxAmount < now.minAmount) throw new AppError('invalid_request');
    }
    const after = await writeChannel(tx, before, now, actor, {});
    const proposal = held.length
      ? await holdChange(tx, {
          kind: 'recharge.channel',
          target: `channel:${before.id}`,
          permission: 'settings.edit',
          change: { values: recorded({ ...values, name: now.name, enabled: now.enabled, sort: now.sort }) },
          fields: held.map((term): HeldChangeField => ({
            field: term,
            before: TERMS[term](was),
            after: TERMS[term](values),
          })),
          act: actor,
        })
      : null;
    return { channel: operatorChannel(after), held: proposal };
  });
}

async function writeChannel(tx: Tx, before: ChannelRow, values: ChannelValues, actor: Actor, details: object) {
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
    details: { before: operatorChannel(before), after: operatorChannel(after!), ...details },
    ip: actor.ip,
  });
  return after!;
}

/** Registered by the wallet's face: a new channel or a channel's weakened terms, once a second operator approves. */
export const channelOwner: HeldChangeOwner = {
  current: async (tx, target) => {
    if (target.startsWith('channel-new:')) {
      const name = target.slice('channel-new:'.length);
      const [row] = await tx.select().from(rechargeChannels).where(eq(rechargeChannels.name, name)).limit(1);
      // A channel of that name made since makes the proposal outdated.
      return { name: row ? row.name : null };
    }
    const [row] = await tx
      .select()
      .from(rechargeChannels)
      .where(eq(rechargeChannels.id, Number(target.split(':')[1])));
    if (!row) return {};
    const v = valuesOfRow(row);
    return Object.fromEntries((Object.keys(TERMS) as Term[]).map((term) => [term, TERMS[term](v)]));
  },
  apply: async (tx, target, change, act) => {
    const actor = { operator: act.operator, reason: act.body.reason, ip: act.ip };
    const details = { held_change: act.proposal.id, proposed_by: act.proposal.by };
    const values = fromRecord(change.values as Record<string, unknown>);
    if (target.startsWith('channel-new:')) {
      await insertChannel(tx, values, actor, details);
      return;
    }
    const [before] = await tx
      .select()
      .from(rechargeChannels)
      .where(eq(rechargeChannels.id, Number(target.split(':')[1])))
      .for('update');
    if (!before) throw new AppError('no_data');
    // The fields applied at once since (name, order, state) keep their values in force.
    await writeChannel(
      tx,
      before,
      { ...values, name: before.name, enabled: before.enabled, sort: before.sort },
      actor,
      details,
    );
  },
};

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
