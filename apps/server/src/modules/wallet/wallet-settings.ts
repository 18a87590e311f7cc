import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney, parseMoney, type HeldChange, type WalletSettings } from '@app/contracts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { holdChange, type HeldChangeOwner } from '../../platform/held-changes/held-changes.service.ts';
import { walletSettings } from './wallet.table.ts';
import { logTermsChanged } from '../transparency/index.ts';
import { systemClock } from '../../platform/time/clock.ts';

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

/**
 * Which way a change of each setting weakens the wallet's controls: `up` (a higher limit, threshold or quote
 * time), `down` (a shorter hold, a lower minimum), `any` (fees and hours: a fee changed either way moves money
 * between users and the house, and opening hours are judged as a whole). A change that weakens waits for a
 * second operator; one that only tightens applies at once. docs/operators.md lists the same.
 */
const WEAKENS: Record<keyof Settings, 'up' | 'down' | 'any'> = {
  withdrawMin: 'down',
  withdrawMax: 'up',
  withdrawDailyCount: 'up',
  withdrawDailyAmount: 'up',
  withdrawFeeBp: 'any',
  withdrawFeeMin: 'any',
  withdrawFrom: 'any',
  withdrawTo: 'any',
  holdHours: 'down',
  fourEyesAbove: 'up',
  exchangeFeeBp: 'any',
  quoteSeconds: 'up',
};

function weakens(name: keyof Settings, before: Settings[keyof Settings], after: Settings[keyof Settings]) {
  if (before === after) return false;
  const way = WEAKENS[name];
  if (way === 'any') return true;
  return way === 'up' ? after > before : after < before;
}

type Change = z.infer<typeof settingsChangeSchema>;
type Actor = { operator: string; reason: string; ip: string };

const merged = (now: Settings, change: Change): Settings => {
  const next: Record<string, unknown> = { ...now };
  for (const [wire, value] of Object.entries(change))
    if (value !== undefined) next[NAMES[wire as keyof Change]] = value;
  return next as Settings;
};

/** The wire names of the settings a change moves, with the values before and after as the console shows them. */
function fieldsMoved(before: Settings, after: Settings) {
  const [from, to] = [settingsView(before), settingsView(after)];
  return (Object.keys(NAMES) as (keyof Change)[])
    .filter((wire) => from[wire] !== to[wire])
    .map((wire) => ({ field: wire, before: from[wire], after: to[wire] }));
}

/**
 * An operator's change of the settings, checked as a whole. One that weakens any control is held for a second
 * operator (nothing of it applies now, tightened fields included: a proposal is approved or refused whole);
 * otherwise it is saved and audited with the values before and after.
 */
export async function changeSettings(
  db: Db,
  change: Change,
  actor: Actor,
): Promise<{ settings: WalletSettings; held: HeldChange | null }> {
  return db.transaction(async (tx) => {
    const now = await loadSettings(tx);
    const next = merged(now, change);
    if (next.withdrawMax < next.withdrawMin) throw new AppError('invalid_request');
    const fields = fieldsMoved(now, next);
    if ((Object.keys(WEAKENS) as (keyof Settings)[]).some((name) => weakens(name, now[name], next[name]))) {
      const held = await holdChange(tx, {
        kind: 'wallet.settings',
        target: 'wallet:settings',
        permission: 'settings.edit',
        change: Object.fromEntries(fields.map((f) => [f.field, f.after])),
        fields,
        act: actor,
      });
      return { settings: settingsView(now), held };
    }
    return { settings: await saveAudited(tx, change, actor, {}), held: null };
  });
}

async function saveAudited(tx: Tx, change: Change, actor: Actor, details: Record<string, unknown>) {
  const was = await loadSettings(tx);
  const before = settingsView(was);
  await saveSettings(tx, change);
  const now = await loadSettings(tx);
  const after = settingsView(now);
  // A fee moves money between users and the house: every change of one is a term, in the public log's history
  // with the wall-clock second it took effect, in the transaction that makes it.
  if (
    was.withdrawFeeBp !== now.withdrawFeeBp ||
    was.withdrawFeeMin !== now.withdrawFeeMin ||
    was.exchangeFeeBp !== now.exchangeFeeBp
  )
    await logTermsChanged(tx, [
      {
        subject: 'wallet_fees',
        at: systemClock(),
        fees: {
          withdrawFeeBp: now.withdrawFeeBp,
          withdrawFeeMin: now.withdrawFeeMin,
          exchangeFeeBp: now.exchangeFeeBp,
        },
      },
    ]);
  if (BigInt(after.withdraw_max.replace('.', '')) < BigInt(after.withdraw_min.replace('.', '')))
    throw new AppError('invalid_request');
  await audit(tx, {
    operator: actor.operator,
    action: 'wallet.settings',
    target: 'wallet:settings',
    reason: actor.reason,
    details: { before, after, ...details },
    ip: actor.ip,
  });
  return after;
}

/** Registered by the wallet's face: how an approved change of the settings is checked and applied. */
export const walletSettingsOwner: HeldChangeOwner = {
  current: async (tx) => settingsView(await loadSettings(tx)),
  apply: async (tx, _target, change, act) => {
    await saveAudited(
      tx,
      settingsChangeSchema.parse(change),
      { operator: act.operator, reason: act.body.reason, ip: act.ip },
      { held_change: act.proposal.id, proposed_by: act.proposal.by },
    );
  },
};
