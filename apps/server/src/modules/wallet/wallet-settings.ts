import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney, parseMoney, type WalletSettings } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { walletSettings } from './wallet.table.ts';

/** Operator settings of the wallet, in minor units and basis points inside the server. */
export type Settings = {
  withdrawMin: bigint;
  withdrawMax: bigint;
  withdrawDailyCount: number;
  withdrawDailyAmount: bigint;
  withdrawFeeBp: number;
  withdrawFeeMin: bigint;
  /** "HH:MM" in the platform time zone. */
  withdrawFrom: string;
  withdrawTo: string;
  /** Withdrawals wait this long after a password change or a new destination. */
  holdHours: number;
  /** Recharge approvals and withdrawals above this need a second, different operator. */
  fourEyesAbove: bigint;
  exchangeFeeBp: number;
  quoteSeconds: number;
};

export const DEFAULT_SETTINGS: Settings = {
  withdrawMin: 10_000n,
  withdrawMax: 4_999_900n,
  withdrawDailyCount: 3,
  withdrawDailyAmount: 10_000_000n,
  withdrawFeeBp: 100,
  withdrawFeeMin: 100n,
  withdrawFrom: '09:00',
  withdrawTo: '21:00',
  holdHours: 24,
  fourEyesAbove: 1_000_000n,
  exchangeFeeBp: 20,
  quoteSeconds: 15,
};

const money = z.string().transform((v, ctx) => {
  const parsed = parseMoney(v);
  if (parsed === null || parsed < 0n) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return parsed;
});
const pctToBp = z
  .string()
  .regex(/^\d{1,3}(\.\d{1,2})?$/)
  .transform((v) => Math.round(Number(v) * 100))
  .refine((v) => v <= 10_000);
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/);

/** A partial change of the settings, as operators send it (amounts in U, percentages). */
export const settingsChangeSchema = z
  .object({
    withdraw_min: money,
    withdraw_max: money,
    withdraw_daily_count: z.coerce.number().int().min(0).max(100),
    withdraw_daily_amount: money,
    withdraw_fee_pct: pctToBp,
    withdraw_fee_min: money,
    withdraw_from: clock,
    withdraw_to: clock,
    hold_hours: z.coerce.number().int().min(0).max(720),
    four_eyes_above: money,
    exchange_fee_pct: pctToBp,
    quote_seconds: z.coerce.number().int().min(10).max(15),
  })
  .partial();

const NAMES: Record<keyof z.infer<typeof settingsChangeSchema>, keyof Settings> = {
  withdraw_min: 'withdrawMin',
  withdraw_max: 'withdrawMax',
  withdraw_daily_count: 'withdrawDailyCount',
  withdraw_daily_amount: 'withdrawDailyAmount',
  withdraw_fee_pct: 'withdrawFeeBp',
  withdraw_fee_min: 'withdrawFeeMin',
  withdraw_from: 'withdrawFrom',
  withdraw_to: 'withdrawTo',
  hold_hours: 'holdHours',
  four_eyes_above: 'fourEyesAbove',
  exchange_fee_pct: 'exchangeFeeBp',
  quote_seconds: 'quoteSeconds',
};

export async function loadSettings(db: DbOrTx): Promise<Settings> {
  const rows = await db.select().from(walletSettings);
  const settings: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.name in DEFAULT_SETTINGS)) continue;
    const fallback = DEFAULT_SETTINGS[row.name as keyof Settings];
    settings[row.name] = typeof fallback === 'bigint' ? BigInt(row.value as string) : row.value;
  }
  return settings as Settings;
}

export async function saveSettings(db: DbOrTx, change: z.infer<typeof settingsChangeSchema>) {
  for (const [wire, value] of Object.entries(change)) {
    if (value === undefined) continue;
    const name = NAMES[wire as keyof typeof NAMES];
    const stored = typeof value === 'bigint' ? value.toString() : value;
    await db
      .insert(walletSettings)
      .values({ name, value: stored })
      .onConflictDoUpdate({ target: walletSettings.name, set: { value: stored, updatedAt: sql`now()` } });
  }
}

const bpToPct = (bp: number) => (bp / 100).toFixed(2);

export function settingsView(s: Settings): WalletSettings {
  return {
    withdraw_min: formatMoney(s.withdrawMin),
    withdraw_max: formatMoney(s.withdrawMax),
    withdraw_daily_count: s.withdrawDailyCount,
    withdraw_daily_amount: formatMoney(s.withdrawDailyAmount),
    withdraw_fee_pct: bpToPct(s.withdrawFeeBp),
    withdraw_fee_min: formatMoney(s.withdrawFeeMin),
    withdraw_from: s.withdrawFrom,
    withdraw_to: s.withdrawTo,
    hold_hours: s.holdHours,
    four_eyes_above: formatMoney(s.fourEyesAbove),
    exchange_fee_pct: bpToPct(s.exchangeFeeBp),
    quote_seconds: s.quoteSeconds,
  };
}

export { bpToPct };

/** An operator's change of the settings, checked as a whole and audited with the values before and after. */
export async function changeSettings(
  db: Db,
  change: z.infer<typeof settingsChangeSchema>,
  actor: { operator: string; reason: string; ip: string },
) {
  return db.transaction(async (tx) => {
    const before = settingsView(await loadSettings(tx));
    await saveSettings(tx, change);
    const after = settingsView(await loadSettings(tx));
    if (BigInt(after.withdraw_max.replace('.', '')) < BigInt(after.withdraw_min.replace('.', '')))
      throw new AppError('invalid_request');
    await audit(tx, {
      operator: actor.operator,
      action: 'wallet.settings',
      target: 'wallet:settings',
      reason: actor.reason,
      details: { before, after },
      ip: actor.ip,
    });
    return after;
  });
}
