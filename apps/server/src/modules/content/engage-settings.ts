import { z } from 'zod';
import { sql } from 'drizzle-orm';
import {
  downloadLinksSchema,
  formatMoney,
  parseMoney,
  supportChannelSchema,
  type DownloadLinks,
  type PublicSettings,
  type SupportChannel,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { engageSettings } from './content.table.ts';
import { loadBrand } from './brand-settings.ts';
import { loadSettings } from '../wallet/index.ts';

/** Operators' public settings: how to reach customer service, where to download the app, the check-in reward. */
export type EngageSettings = {
  serviceChannels: SupportChannel[];
  download: DownloadLinks;
  /** Minor units paid per daily check-in (0 turns the reward off but check-in still counts the streak). */
  checkinReward: bigint;
};

export const DEFAULT_ENGAGE: EngageSettings = {
  serviceChannels: [],
  download: { android: null, ios: null },
  checkinReward: 100n,
};

const url = z
  .string()
  .trim()
  .max(300)
  .regex(/^(https:\/\/|mailto:|tg:\/\/)/, 'links must be https:, mailto: or tg:');

export const engageChangeSchema = z
  .object({
    service_channels: z
      .array(
        supportChannelSchema.extend({ url, label: z.string().trim().min(1).max(60), hours: z.string().trim().max(60) }),
      )
      .max(10),
    download: downloadLinksSchema.extend({ android: url.nullable(), ios: url.nullable() }),
    checkin_reward: z.string().transform((v, ctx) => {
      const parsed = parseMoney(v);
      if (parsed === null || parsed < 0n || parsed > 100_000n) {
        ctx.addIssue({ code: 'custom', message: 'an amount from 0 to 1000 U' });
        return z.NEVER;
      }
      return parsed;
    }),
  })
  .partial();

export async function loadEngage(db: DbOrTx): Promise<EngageSettings> {
  const rows = await db.select().from(engageSettings);
  const s = { ...DEFAULT_ENGAGE };
  for (const r of rows) {
    if (r.name === 'service_channels') s.serviceChannels = r.value as SupportChannel[];
    if (r.name === 'download') s.download = r.value as DownloadLinks;
    if (r.name === 'checkin_reward') s.checkinReward = BigInt(r.value as string);
  }
  return s;
}

export async function saveEngage(db: DbOrTx, change: z.infer<typeof engageChangeSchema>) {
  for (const [name, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const stored = typeof value === 'bigint' ? value.toString() : value;
    await db
      .insert(engageSettings)
      .values({ name, value: stored })
      .onConflictDoUpdate({ target: engageSettings.name, set: { value: stored, updatedAt: sql`now()` } });
  }
}

/** Seeds only what is missing: an operator's later change is never overwritten. */
export async function seedEngage(db: DbOrTx, values: Record<string, unknown>) {
  await db
    .insert(engageSettings)
    .values(Object.entries(values).map(([name, value]) => ({ name, value })))
    .onConflictDoNothing();
}

export function engageView(s: EngageSettings) {
  return {
    service_channels: s.serviceChannels,
    download: s.download,
    checkin_reward: formatMoney(s.checkinReward),
  };
}

export async function publicSettings(db: DbOrTx, tz: string): Promise<PublicSettings> {
  const [engage, wallet, brand] = await Promise.all([loadEngage(db), loadSettings(db), loadBrand(db)]);
  return {
    ...brand,
    ...engageView(engage),
    withdraw_window: { from: wallet.withdrawFrom, to: wallet.withdrawTo, time_zone: tz },
    time_zone: tz,
  };
}

/** An operator's change of the engagement settings, audited with the values before and after. */
export async function changeEngage(
  db: Db,
  change: z.infer<typeof engageChangeSchema>,
  actor: { operator: string; reason: string; ip: string },
) {
  return db.transaction(async (tx) => {
    const before = engageView(await loadEngage(tx));
    await saveEngage(tx, change);
    const after = engageView(await loadEngage(tx));
    await audit(tx, {
      operator: actor.operator,
      action: 'engage.settings',
      target: 'engage-settings',
      reason: actor.reason,
      details: { before, after },
      ip: actor.ip,
    });
    return after;
  });
}
