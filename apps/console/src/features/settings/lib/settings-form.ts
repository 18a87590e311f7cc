import type { AdminRechargeChannel, ChannelKind, InviteRules, Network, WalletSettings } from '@app/contracts';
import { MONEY_INPUT, isPercent } from '../../../lib/editor-languages.ts';
import type { ChannelBody, WalletSettingsChange } from '../api/settings-api.ts';

export type Errors = Partial<Record<string, string>>;

/** The wallet settings as typed: every field a string. */
export type WalletDraft = Record<keyof WalletSettings, string>;

export const WALLET_FIELDS = {
  money: ['withdraw_min', 'withdraw_max', 'withdraw_daily_amount', 'withdraw_fee_min', 'four_eyes_above'],
  percent: ['withdraw_fee_pct', 'exchange_fee_pct'],
  clock: ['withdraw_from', 'withdraw_to'],
  /** name: [min, max], as the server allows. */
  count: { withdraw_daily_count: [0, 100], hold_hours: [0, 720], quote_seconds: [10, 15] },
} as const;

export const walletDraftOf = (s: WalletSettings): WalletDraft =>
  Object.fromEntries(Object.entries(s).map(([k, v]) => [k, String(v)])) as WalletDraft;

const cents = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
};

export function checkWallet(d: WalletDraft): Errors {
  const e: Errors = {};
  for (const f of WALLET_FIELDS.money) if (!MONEY_INPUT.test(d[f].trim())) e[f] = 'settings.errors.money';
  for (const f of WALLET_FIELDS.percent) if (!isPercent(d[f].trim())) e[f] = 'settings.errors.percent';
  for (const f of WALLET_FIELDS.clock)
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(d[f].trim())) e[f] = 'settings.errors.clock';
  for (const [f, [min, max]] of Object.entries(WALLET_FIELDS.count)) {
    const v = d[f as keyof WalletDraft].trim();
    if (!/^\d{1,4}$/.test(v) || Number(v) < min || Number(v) > max) e[f] = 'settings.errors.range';
  }
  if (!e.withdraw_min && !e.withdraw_max && cents(d.withdraw_min.trim()) > cents(d.withdraw_max.trim()))
    e.withdraw_max = 'settings.errors.maxBelowMin';
  return e;
}

/**
 * Only what changed is sent (and audited), in the settings' own formats: money as a decimal string in U, percentages
 * with two decimals, counts as numbers. Equal amounts written differently ("10" and "10.00") are no change.
 */
export function walletChanges(saved: WalletSettings, d: WalletDraft): Omit<WalletSettingsChange, 'reason'> {
  const change: Record<string, string | number> = {};
  for (const f of [...WALLET_FIELDS.money, ...WALLET_FIELDS.percent]) {
    const v = d[f].trim();
    if (cents(v) !== cents(saved[f])) change[f] = v;
  }
  for (const f of WALLET_FIELDS.clock) if (d[f].trim() !== saved[f]) change[f] = d[f].trim();
  for (const f of Object.keys(WALLET_FIELDS.count) as (keyof typeof WALLET_FIELDS.count)[])
    if (Number(d[f]) !== saved[f]) change[f] = Number(d[f]);
  return change as Omit<WalletSettingsChange, 'reason'>;
}

/** A recharge channel as typed in the form. */
export type ChannelDraft = {
  kind: ChannelKind;
  name: string;
  bank_name: string;
  account: string;
  holder: string;
  currency: string;
  network: Network;
  address: string;
  min: string;
  max: string;
  bonus_pct: string;
  enabled: boolean;
  sort: string;
};

export const channelDraftOf = (c: AdminRechargeChannel | null): ChannelDraft => ({
  kind: c?.kind ?? 'bank',
  name: c?.name ?? '',
  bank_name: c?.bank_name ?? '',
  account: c?.account ?? '',
  holder: c?.holder ?? '',
  currency: c?.currency ?? 'USDT',
  network: (c?.network as Network | null) ?? 'TRC20',
  address: c?.address ?? '',
  min: c?.min ?? '',
  max: c?.max ?? '',
  bonus_pct: c?.bonus_pct ?? '0',
  enabled: c?.enabled ?? true,
  sort: String(c?.sort ?? 0),
});

/** The fields each kind of channel needs besides its name and limits. */
export const CHANNEL_NEEDS: Record<ChannelKind, readonly (keyof ChannelDraft)[]> = {
  bank: ['bank_name', 'account', 'holder'],
  crypto: ['currency', 'network', 'address'],
  alipay: ['account', 'holder'],
  wechat: ['account', 'holder'],
};

export function checkChannel(d: ChannelDraft): Errors {
  const e: Errors = {};
  if (!d.name.trim() || d.name.trim().length > 60) e.name = 'settings.errors.required';
  for (const f of CHANNEL_NEEDS[d.kind]) if (!String(d[f]).trim()) e[f] = 'settings.errors.required';
  if (d.kind === 'crypto' && d.currency.trim() && !/^[A-Za-z0-9]{2,10}$/.test(d.currency.trim()))
    e.currency = 'settings.errors.currency';
  for (const f of ['min', 'max'] as const)
    if (!MONEY_INPUT.test(d[f].trim()) || cents(d[f].trim()) <= 0n) e[f] = 'settings.errors.positiveMoney';
  if (!e.min && !e.max && cents(d.max.trim()) < cents(d.min.trim())) e.max = 'settings.errors.maxBelowMin';
  if (!isPercent(d.bonus_pct.trim())) e.bonus_pct = 'settings.errors.percent';
  if (!/^\d{1,4}$/.test(d.sort) || Number(d.sort) > 1000) e.sort = 'settings.errors.range';
  return e;
}

export function channelBodyOf(d: ChannelDraft, reason: string): ChannelBody {
  const body: ChannelBody = {
    kind: d.kind,
    name: d.name.trim(),
    min: d.min.trim(),
    max: d.max.trim(),
    bonus_pct: d.bonus_pct.trim(),
    enabled: d.enabled,
    sort: Number(d.sort),
    reason,
  };
  // Only the fields of its kind: the server keeps what is sent.
  for (const f of CHANNEL_NEEDS[d.kind]) (body as Record<string, unknown>)[f] = String(d[f]).trim();
  return body;
}

export function checkInvite(d: InviteRules): Errors {
  return /^\d{1,9}(\.\d{1,2})?$/.test(d.bonus_amount.trim()) ? {} : { bonus_amount: 'settings.errors.money' };
}
