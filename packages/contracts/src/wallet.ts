import { z } from 'zod';
import { secondFactorField } from './second-factor.ts';
import { cursorPageOf, cursorQuery, pageQuerySchema } from './page.ts';
import { idempotencyKey } from './fields.ts';
import { cleanUserLine } from './user-text.ts';
import { amountText } from './amount-text.ts';

/**
 * The wallet: payment methods, recharge (deposits), withdrawals, exchange between cash and coins, the
 * statement. Money is a decimal string in USD (unit U) on the wire; coin amounts are decimal strings with
 * COIN_SCALE decimals; times are seconds.
 */

/** Coins are held with 8 decimals (satoshi for BTC). */
export const COIN_SCALE = 8;

const trimmed = (emptyKey: string, max = 64) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? cleanUserLine(v) : (v ?? '')),
    z.string().min(1, emptyKey).max(max, 'invalid_request'),
  );

const usdAmount = amountText(2);

const positiveId = (key = 'no_data') =>
  z.coerce
    .number({ error: key })
    .int(key)
    .positive(key)
    .max(2 ** 53 - 1, key);

// ---------- payment methods ----------

export const METHOD_KINDS = ['bank', 'crypto', 'alipay', 'wechat'] as const;
export const methodKindSchema = z.enum(METHOD_KINDS);
export type MethodKind = z.infer<typeof methodKindSchema>;

export const NETWORKS = ['TRC20', 'ERC20', 'BEP20', 'BTC'] as const;
export const networkSchema = z.enum(NETWORKS, { error: 'wallet_network_mismatch' });
export type Network = z.infer<typeof networkSchema>;

/** Which currencies can be received on which network. */
export const WALLET_CURRENCIES: Record<string, readonly Network[]> = {
  USDT: ['TRC20', 'ERC20', 'BEP20'],
  BTC: ['BTC'],
  ETH: ['ERC20'],
  BNB: ['BEP20'],
};

export const addCardBodySchema = z.object({
  bank_name: trimmed('please_fill_in'),
  branch: trimmed('please_fill_in', 120),
  holder: trimmed('please_fill_in'),
  card_number: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/[\s-]/g, '') : (v ?? '')),
    z
      .string()
      .min(1, 'please_fill_in')
      .regex(/^\d{12,19}$/, 'card_number_invalid'),
  ),
  ...secondFactorField,
});
export type AddCardBody = z.input<typeof addCardBodySchema>;

export const addWalletBodySchema = z.object({
  currency: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
    z.enum(['USDT', 'BTC', 'ETH', 'BNB'], { error: 'please_fill_in' }),
  ),
  network: z.preprocess((v) => (typeof v === 'string' ? v.trim().toUpperCase() : v), networkSchema),
  address: trimmed('please_fill_in', 120),
  ...secondFactorField,
});
export type AddWalletBody = z.input<typeof addWalletBodySchema>;

export const addPayAccountBodySchema = z.object({
  kind: z.enum(['alipay', 'wechat'], { error: 'invalid_request' }),
  holder: trimmed('please_fill_in'),
  account: trimmed('please_fill_in', 64),
  ...secondFactorField,
});
export type AddPayAccountBody = z.input<typeof addPayAccountBodySchema>;

export const methodIdBodySchema = z.object({ id: positiveId(), ...secondFactorField });

/** The one edit of a locked method that customer service allowed: the method's id and its new details. */
export const editCardBodySchema = addCardBodySchema.extend({ id: positiveId() });
export type EditCardBody = z.input<typeof editCardBodySchema>;
export const editWalletBodySchema = addWalletBodySchema.extend({ id: positiveId() });
export type EditWalletBody = z.input<typeof editWalletBodySchema>;
export const editPayAccountBodySchema = addPayAccountBodySchema.extend({ id: positiveId() });
export type EditPayAccountBody = z.input<typeof editPayAccountBodySchema>;

export const paymentMethodSchema = z.object({
  id: z.number().int(),
  kind: methodKindSchema,
  /** Bank name, "USDT · TRC20", "Alipay"... */
  title: z.string(),
  /** Masked: 3 leading and 3 trailing characters. */
  masked: z.string(),
  holder: z.string().nullable(),
  branch: z.string().nullable(),
  currency: z.string().nullable(),
  network: z.string().nullable(),
  created_at: z.number().int(),
  /** Withdrawals to a new destination wait until this time (seconds), or null. */
  hold_until: z.number().int().nullable(),
  /**
   * Locked after submission: changes go through customer service, who may allow one edit (then false until the
   * user's next edit of it, or until the allowance lapses).
   */
  locked: z.boolean(),
  in_use: z.boolean(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;
export const paymentMethodListSchema = z.object({ items: z.array(paymentMethodSchema) });
export type PaymentMethodList = z.infer<typeof paymentMethodListSchema>;

export const walletOptionsSchema = z.object({
  currencies: z.array(z.object({ currency: z.string(), networks: z.array(networkSchema) })),
});
export type WalletOptions = z.infer<typeof walletOptionsSchema>;

// ---------- uploads ----------

export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const uploadSchema = z.object({
  id: z.string(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'no_data') });

// ---------- recharge ----------

export const CHANNEL_KINDS = ['bank', 'crypto', 'alipay', 'wechat'] as const;
export const channelKindSchema = z.enum(CHANNEL_KINDS);
export type ChannelKind = z.infer<typeof channelKindSchema>;

export const rechargeChannelSchema = z.object({
  id: z.number().int(),
  kind: channelKindSchema,
  name: z.string(),
  bank_name: z.string().nullable(),
  account: z.string().nullable(),
  holder: z.string().nullable(),
  currency: z.string().nullable(),
  network: z.string().nullable(),
  address: z.string().nullable(),
  min: z.string(),
  max: z.string(),
  /** Recharge bonus (class 3) in percent of the amount, credited with the approval. */
  bonus_pct: z.string(),
});
export type RechargeChannel = z.infer<typeof rechargeChannelSchema>;
export const rechargeInfoSchema = z.object({
  channels: z.array(rechargeChannelSchema),
  upload_max_mb: z.number().int(),
});
export type RechargeInfo = z.infer<typeof rechargeInfoSchema>;

export const doRechargeBodySchema = z.object({
  channel_id: positiveId('channel_unavailable'),
  amount: usdAmount,
  /** Whose account paid: asked of bank and payment-app channels; a crypto transfer has no payer name (may be ''). */
  payer_name: z.preprocess(
    (v) => (typeof v === 'string' ? cleanUserLine(v) : (v ?? '')),
    z.string().max(64, 'invalid_request'),
  ),
  transfer_note: z.preprocess(
    (v) => (typeof v === 'string' ? cleanUserLine(v) : (v ?? '')),
    z.string().max(120, 'invalid_request'),
  ),
  upload_id: z.preprocess(
    (v) => v ?? '',
    z
      .string()
      .min(1, 'upload_required')
      .regex(/^[A-Za-z0-9_-]{16,64}$/, 'no_data'),
  ),
  key: idempotencyKey,
});
export type DoRechargeBody = z.input<typeof doRechargeBodySchema>;

/** 1 success, 2 failed, 3 under review, 4 success awaiting audit. */
export const rechargeStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
/** 0 self-service, 1 system gift, 2 promotion bonus, 3 recharge bonus. */
export const rechargeClassSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

export const timelineStepSchema = z.object({
  /** submitted, reviewed, refused, credited, audited, paid, refunded */
  step: z.string(),
  at: z.number().int(),
  by: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineStep = z.infer<typeof timelineStepSchema>;

export const rechargeRecordSchema = z.object({
  id: z.number().int(),
  reference_code: z.string(),
  class: rechargeClassSchema,
  status: rechargeStatusSchema,
  channel_kind: z.string(),
  channel_name: z.string(),
  amount: z.string(),
  payer_name: z.string().nullable(),
  transfer_note: z.string().nullable(),
  has_screenshot: z.boolean(),
  upload_id: z.string().nullable(),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  timeline: z.array(timelineStepSchema),
});
export type RechargeRecord = z.infer<typeof rechargeRecordSchema>;

export const recordListQuerySchema = z.object({
  id: z.coerce.number().int().positive().optional(),
  ...pageQuerySchema({ maxSize: 100, defaultSize: 20 }).shape,
  ...cursorQuery,
});
export const rechargeRecordListSchema = cursorPageOf(rechargeRecordSchema);
export type RechargeRecordList = z.infer<typeof rechargeRecordListSchema>;

// ---------- withdraw ----------

export const withdrawStatusSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * Withdrawal allow-list mode. On: withdrawals go only to payout methods bound at least `hold_hours` ago (24 h, or
 * the platform's hold when that is longer), however the platform's hold is set. Turning it on is at once; turning
 * it off is asked with the fund password and a second factor, and takes 24 h (`off_at`), during which it still
 * holds and the user can keep it on.
 */
export const withdrawAllowlistSchema = z.object({
  state: z.enum(['off', 'on', 'turning_off']),
  on_since: z.number().int().nullable(),
  /** While turning off: when it stops holding (seconds). */
  off_at: z.number().int().nullable(),
  hold_hours: z.number().int(),
  /** How long turning it off takes. */
  off_delay_hours: z.number().int(),
});
export type WithdrawAllowlist = z.infer<typeof withdrawAllowlistSchema>;

export const withdrawAllowlistBodySchema = z.object({
  on: z.enum(['0', '1'], { error: 'invalid_request' }),
  /** Asked to turn it off only. */
  fund_password: z.string().max(64, 'fund_password_wrong').optional(),
  ...secondFactorField,
});
export type WithdrawAllowlistBody = z.input<typeof withdrawAllowlistBodySchema>;

export const cashInfoSchema = z.object({
  min: z.string(),
  max: z.string(),
  fee_pct: z.string(),
  fee_min: z.string(),
  window: z.object({
    from: z.string(),
    to: z.string(),
    time_zone: z.string(),
    open: z.boolean(),
    /** While the window is closed: when it opens next (seconds); null while it is open. */
    opens_at: z.number().int().nullable(),
  }),
  daily_count: z.number().int(),
  used_count: z.number().int(),
  remaining_count: z.number().int(),
  daily_amount: z.string(),
  remaining_amount: z.string(),
  available: z.string(),
  has_fund_password: z.boolean(),
  /** A user-wide hold (login or fund password changed), or null. */
  hold_until: z.number().int().nullable(),
  /** How long a password change or a new destination holds withdrawals (0: no hold), said before the change. */
  hold_hours: z.number().int(),
  /** The confirm sheet asks for the authenticator's code (step-up). */
  second_factor: z.boolean(),
  /** The user's anti-phishing code, shown on the confirm sheet (absent or null when none is set). */
  anti_phishing_code: z.string().nullable().optional(),
  /** The allow-list mode (absent from an older server: off); the destinations' hold_until already follow it. */
  allowlist: withdrawAllowlistSchema.optional(),
  destinations: z.array(paymentMethodSchema),
});
export type CashInfo = z.infer<typeof cashInfoSchema>;

export const cashBodySchema = z.object({
  method_id: z.coerce.number().int().positive().optional(),
  kind: methodKindSchema.optional(),
  amount: usdAmount,
  fund_password: z
    .string({ error: 'fund_password_required' })
    .min(1, 'fund_password_required')
    .max(64, 'fund_password_wrong'),
  ...secondFactorField,
  key: idempotencyKey,
});
export type CashBody = z.input<typeof cashBodySchema>;

export const withdrawRecordSchema = z.object({
  id: z.number().int(),
  status: withdrawStatusSchema,
  kind: methodKindSchema,
  destination: z.string(),
  amount: z.string(),
  fee: z.string(),
  received: z.string(),
  reason: z.string().nullable(),
  created_at: z.number().int(),
  timeline: z.array(timelineStepSchema),
});
export type WithdrawRecord = z.infer<typeof withdrawRecordSchema>;
export const withdrawRecordListSchema = cursorPageOf(withdrawRecordSchema);
export type WithdrawRecordList = z.infer<typeof withdrawRecordListSchema>;

/** Fee of a withdrawal: a percentage with a floor, never more than the amount; in minor units. */
export function withdrawFee(amount: bigint, feeBp: number, feeMin: bigint): bigint {
  const pct = (amount * BigInt(feeBp) + 9_999n) / 10_000n;
  const fee = pct > feeMin ? pct : feeMin;
  return fee > amount ? amount : fee;
}

// ---------- exchange and assets ----------

export const exchangeDirectionSchema = z.enum(['buy', 'sell']);
export type ExchangeDirection = z.infer<typeof exchangeDirectionSchema>;

export const exchangeQuoteBodySchema = z.object({
  direction: exchangeDirectionSchema,
  coin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{2,10}$/, 'product_not_found'),
  /** buy: cash to spend (U, 2 decimals); sell: coins to sell (up to 8 decimals). */
  amount: amountText(8, 12),
});
export type ExchangeQuoteBody = z.input<typeof exchangeQuoteBodySchema>;

export const exchangeQuoteSchema = z.object({
  id: z.string(),
  direction: exchangeDirectionSchema,
  coin: z.string(),
  price: z.string(),
  price_time: z.number().int(),
  cash_amount: z.string(),
  coin_amount: z.string(),
  fee: z.string(),
  fee_pct: z.string(),
  expires_at: z.number().int(),
  /** Seconds the quote is held, counted from the answer. */
  valid_seconds: z.number().int(),
  simulated: z.boolean(),
});
export type ExchangeQuote = z.infer<typeof exchangeQuoteSchema>;

export const exchangeBodySchema = z.object({
  quote_id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'quote_expired'),
  key: idempotencyKey,
});

export const exchangeRecordSchema = z.object({
  id: z.number().int(),
  direction: exchangeDirectionSchema,
  coin: z.string(),
  price: z.string(),
  cash_amount: z.string(),
  coin_amount: z.string(),
  fee: z.string(),
  created_at: z.number().int(),
});
export type ExchangeRecord = z.infer<typeof exchangeRecordSchema>;
export const exchangeRecordListSchema = cursorPageOf(exchangeRecordSchema);
export type ExchangeRecordList = z.infer<typeof exchangeRecordListSchema>;

export const assetsSchema = z.object({
  cash: z.object({ available: z.string(), frozen: z.string() }),
  coins: z.array(
    z.object({
      coin: z.string(),
      symbol: z.string(),
      amount: z.string(),
      price: z.string().nullable(),
      value: z.string().nullable(),
    }),
  ),
  total_value: z.string(),
  fee_pct: z.string(),
  quote_seconds: z.number().int(),
  simulated: z.boolean(),
});
export type Assets = z.infer<typeof assetsSchema>;

// ---------- statement ----------

export const STATEMENT_TYPES = ['deposit', 'withdrawal', 'exchange', 'order', 'plan', 'bonus', 'other'] as const;
export const statementTypeSchema = z.enum(STATEMENT_TYPES);
export type StatementType = z.infer<typeof statementTypeSchema>;

export const statementQuerySchema = z.object({
  type: statementTypeSchema.optional(),
  /** Seconds; inclusive from, exclusive to. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
  ...pageQuerySchema({ maxSize: 100, defaultSize: 20 }).shape,
  ...cursorQuery,
});
export type StatementQuery = z.input<typeof statementQuerySchema>;

export const statementItemSchema = z.object({
  id: z.number().int(),
  type: statementTypeSchema,
  kind: z.string(),
  asset: z.string(),
  bucket: z.string(),
  amount: z.string(),
  balance_after: z.string(),
  created_at: z.number().int(),
  /** What caused it: order, deposit, withdrawal, exchange or plan, with its id when known. */
  ref_type: z.string(),
  ref_id: z.number().int().nullable(),
  reference: z.string(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;
export const statementSchema = cursorPageOf(statementItemSchema);
export type Statement = z.infer<typeof statementSchema>;

// ---------- operators ----------

export const walletSettingsSchema = z.object({
  withdraw_min: z.string(),
  withdraw_max: z.string(),
  withdraw_daily_count: z.number().int(),
  withdraw_daily_amount: z.string(),
  withdraw_fee_pct: z.string(),
  withdraw_fee_min: z.string(),
  withdraw_from: z.string(),
  withdraw_to: z.string(),
  hold_hours: z.number().int(),
  four_eyes_above: z.string(),
  exchange_fee_pct: z.string(),
  quote_seconds: z.number().int(),
});
export type WalletSettings = z.infer<typeof walletSettingsSchema>;

/** A recharge channel as operators keep it: what users see, plus whether it is shown and where. */
export const adminRechargeChannelSchema = rechargeChannelSchema.extend({
  enabled: z.boolean(),
  sort: z.number().int(),
});
export type AdminRechargeChannel = z.infer<typeof adminRechargeChannelSchema>;
export const adminRechargeChannelListSchema = z.object({ items: z.array(adminRechargeChannelSchema) });
export type AdminRechargeChannelList = z.infer<typeof adminRechargeChannelListSchema>;

/** A recharge in the operators' review list, flagged when its image or transfer note was used before. */
export const adminDepositSchema = rechargeRecordSchema.extend({
  user_id: z.number().int(),
  account: z.string(),
  reviewed_by: z.string().nullable(),
  /** Above the four-eyes threshold: who approved first; a different operator's approval credits it. */
  first_approved_by: z.string().nullable(),
  flags: z.object({
    /** Other recharges with the same screenshot (at most 5). */
    same_image_as: z.array(z.number().int()),
    /** Other recharges with the same transfer note, case and spaces aside (at most 5). */
    same_transfer_note_as: z.array(z.number().int()),
  }),
});
export type AdminDeposit = z.infer<typeof adminDepositSchema>;
/** One page of the review list or of a search, and how many match. */
export const adminDepositListSchema = z.object({
  items: z.array(adminDepositSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminDepositList = z.infer<typeof adminDepositListSchema>;

/** A withdrawal in the operators' review list, with the full destination: operators pay it out. */
export const adminWithdrawalSchema = withdrawRecordSchema.extend({
  user_id: z.number().int(),
  account: z.string(),
  first_approved_by: z.string().nullable(),
  /** Null when the payment method is gone. */
  pay_to: z
    .object({
      kind: methodKindSchema,
      title: z.string(),
      account: z.string(),
      holder: z.string().nullable(),
      branch: z.string().nullable(),
    })
    .nullable(),
});
export type AdminWithdrawal = z.infer<typeof adminWithdrawalSchema>;
/** One page of the review list or of a search, and how many match. */
export const adminWithdrawalListSchema = z.object({
  items: z.array(adminWithdrawalSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type AdminWithdrawalList = z.infer<typeof adminWithdrawalListSchema>;

/** An approval: above the four-eyes threshold the first one only records itself and waits for a second. */
export const adminWithdrawalApprovalSchema = z.object({
  record: withdrawRecordSchema,
  waiting_for_second: z.boolean(),
});
export type AdminWithdrawalApproval = z.infer<typeof adminWithdrawalApprovalSchema>;
