import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * A user's withdrawal destinations: bank cards, crypto addresses, Alipay and WeChat accounts. Locked after
 * submission (changes go through customer service); removal is a soft delete, refused while a withdrawal
 * under review uses it.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** Card number, address or Alipay / WeChat account. */
    account: text('account').notNull(),
    holder: text('holder'),
    bankName: text('bank_name'),
    branch: text('branch'),
    currency: text('currency'),
    network: text('network'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /**
     * One edit an operator allowed (customer service, with a reason, audited): the user's next edit of this
     * method consumes it (the edit replaces the row with a new, locked one); it lapses at this time.
     */
    editAllowedUntil: timestamp('edit_allowed_until', { withTimezone: true }),
    editAllowedBy: text('edit_allowed_by'),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    // The console's search everything: a user by a card number or wallet address (removed ones too), whole or by
    // its beginning, case aside (addresses are typed in either case).
    index('payment_methods_account_prefix_idx').on(sql`lower(${t.account}) text_pattern_ops`),
    // A card number belongs to one live binding on the whole platform.
    uniqueIndex('payment_methods_card_key')
      .on(t.account)
      .where(sql`${t.kind} = 'bank' and ${t.removedAt} is null`),
    uniqueIndex('payment_methods_wallet_key')
      .on(t.userId, t.network, t.account)
      .where(sql`${t.kind} = 'crypto' and ${t.removedAt} is null`),
    check('payment_methods_kind', sql`${t.kind} in ('bank','crypto','alipay','wechat')`),
  ],
);

/** Recharge channels set by operators (audited). */
export const rechargeChannels = pgTable(
  'recharge_channels',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    bankName: text('bank_name'),
    account: text('account'),
    holder: text('holder'),
    currency: text('currency'),
    network: text('network'),
    address: text('address'),
    minAmount: bigint('min_amount', { mode: 'bigint' }).notNull(),
    maxAmount: bigint('max_amount', { mode: 'bigint' }).notNull(),
    bonusBp: integer('bonus_bp').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
    sort: integer('sort').notNull().default(0),
    /** Seeded channels carry a stable key so the seed never adds them twice. */
    seedKey: text('seed_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('recharge_channels_seed_key').on(t.seedKey),
    check('recharge_channels_kind', sql`${t.kind} in ('bank','crypto','alipay','wechat')`),
    check('recharge_channels_bounds', sql`${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`),
    check('recharge_channels_bonus', sql`${t.bonusBp} between 0 and 10000`),
  ],
);

/**
 * Recharge records. Status 1 success, 2 failed, 3 under review, 4 success awaiting audit (credited, a second
 * operator still to confirm). Class 0 self-service, 1 system gift, 2 promotion bonus, 3 recharge bonus.
 */
export const deposits = pgTable(
  'deposits',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    class: integer('class').notNull().default(0),
    status: integer('status').notNull().default(3),
    channelId: integer('channel_id'),
    channelKind: text('channel_kind').notNull(),
    channelName: text('channel_name').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    /** The channel's bonus when the user submitted (shown before submitting); paid as a class-3 record. */
    bonusBp: integer('bonus_bp').notNull().default(0),
    payerName: text('payer_name'),
    transferNote: text('transfer_note'),
    /** Short code the user puts in the transfer note so an operator can match the bank or chain record. */
    referenceCode: text('reference_code').notNull(),
    uploadId: text('upload_id'),
    imageSha256: text('image_sha256'),
    /** For a class-3 bonus: the recharge it rewards. */
    parentId: bigint('parent_id', { mode: 'number' }),
    /** Above the four-eyes threshold: the first operator's approval; nothing is credited until a second one. */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    /** Status 4 (credited, awaiting audit) is only on records approved before four-eyes held the credit. */
    auditedBy: text('audited_by'),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
    auditReason: text('audit_reason'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('deposits_user_idx').on(t.userId, t.id),
    index('deposits_status_idx').on(t.status, t.id),
    index('deposits_image_idx').on(t.imageSha256),
    // The operators' search by date range.
    index('deposits_created_idx').on(t.createdAt),
    uniqueIndex('deposits_reference_key').on(t.referenceCode),
    // A reference as typed, case aside, whole (the deposits search's filter) or by its beginning (search everything).
    index('deposits_reference_prefix_idx').on(sql`upper(${t.referenceCode}) text_pattern_ops`),
    check('deposits_status', sql`${t.status} in (1,2,3,4)`),
    check('deposits_class', sql`${t.class} in (0,1,2,3)`),
    check('deposits_amount', sql`${t.amount} > 0`),
  ],
);

/** Withdrawal records: 1 success, 2 failed (refused, full amount back), 3 under review. */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    methodId: bigint('method_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    /** The destination as shown (masked) at submission, kept even if the method is removed later. */
    destination: text('destination').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    received: bigint('received', { mode: 'bigint' }).notNull(),
    status: integer('status').notNull().default(3),
    /** Above the four-eyes threshold: the first operator's approval, waiting for a second one. */
    firstApprovedBy: text('first_approved_by'),
    firstApprovedAt: timestamp('first_approved_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('withdrawals_user_idx').on(t.userId, t.id),
    index('withdrawals_status_idx').on(t.status, t.id),
    // The operators' search by date range.
    index('withdrawals_created_idx').on(t.createdAt),
    index('withdrawals_method_idx')
      .on(t.methodId)
      .where(sql`${t.status} = 3`),
    check('withdrawals_status', sql`${t.status} in (1,2,3)`),
    check('withdrawals_amounts', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.received} = ${t.amount} - ${t.fee}`),
  ],
);

/** A held exchange quote: executes only at its price, before it expires, once. */
export const exchangeQuotes = pgTable(
  'exchange_quotes',
  {
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    direction: text('direction').notNull(),
    coin: text('coin').notNull(),
    productId: integer('product_id').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    pricePrecision: integer('price_precision').notNull(),
    priceTime: bigint('price_time', { mode: 'number' }).notNull(),
    cashAmount: bigint('cash_amount', { mode: 'bigint' }).notNull(),
    coinAmount: bigint('coin_amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    feeBp: integer('fee_bp').notNull(),
    expiresAt: bigint('expires_at', { mode: 'number' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('exchange_quotes_user_idx').on(t.userId),
    check('exchange_quotes_direction', sql`${t.direction} in ('buy','sell')`),
  ],
);

export const exchanges = pgTable(
  'exchanges',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    quoteId: text('quote_id').notNull(),
    direction: text('direction').notNull(),
    coin: text('coin').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    pricePrecision: integer('price_precision').notNull(),
    cashAmount: bigint('cash_amount', { mode: 'bigint' }).notNull(),
    coinAmount: bigint('coin_amount', { mode: 'bigint' }).notNull(),
    fee: bigint('fee', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('exchanges_user_idx').on(t.userId, t.id), uniqueIndex('exchanges_quote_key').on(t.quoteId)],
);

/** Operator settings of the wallet (one row per name; defaults in wallet-settings.ts). */
export const walletSettings = pgTable('wallet_settings', {
  name: text('name').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The users table has no "fund password changed at": the wallet remembers the fund-password hash it last
 * saw per user and, when it differs, starts the withdrawal hold from that moment (never earlier than the real
 * change, so the hold is never shorter than configured).
 */
/**
 * The user's withdrawal allow-list mode (a row while it is on): withdrawals go only to payout methods bound at least
 * the allow-list hold ago. Turning it off is a request that takes effect a day later (offRequestedAt), so someone who
 * took over the account cannot turn it off and withdraw to a new method in one sitting.
 */
export const withdrawAllowlists = pgTable('withdraw_allowlists', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  onSince: timestamp('on_since', { withTimezone: true }).notNull().defaultNow(),
  offRequestedAt: timestamp('off_requested_at', { withTimezone: true }),
});

export const fundPasswordMarks = pgTable('wallet_fund_password_marks', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  hashSeen: text('hash_seen').notNull(),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});
