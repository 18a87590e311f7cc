import { z } from 'zod';
import { pageOf, pageQuerySchema } from './page.ts';
import { cleanUserLine } from './user-text.ts';
import { orderModeSchema, orderSchema } from './orders.ts';

/**
 * Copy trading (follow-trade). A user publishes themselves as a leader; from then on every real contract
 * order they place is appended to the public record of that leadership stint (a "record"), win or lose, as
 * entries of a SHA-256 hash chain. Followers subscribe to a leader; each leader order opens one copy per
 * active subscription at the leader's recorded open second and price, or records why it was skipped.
 *
 * Money is a decimal string in USD (unit U); percentages are strings with two decimals ("55.00"); times are
 * seconds. Every figure of a leader is computed from the orders on each request; the formulas are in the
 * README ("Copy trading").
 *
 * Endpoints (reads GET with a query string, writes POST form bodies; public = no login needed):
 *   GET  /api/copy/leaders        leaderListQuerySchema   -> leaderListSchema        (public)
 *   GET  /api/copy/leader         leaderQuerySchema       -> leaderDetailSchema      (public; token optional)
 *   GET  /api/copy/record_orders  recordOrdersQuerySchema -> recordOrderListSchema   (public)
 *   GET  /api/copy/chain          chainQuerySchema        -> chainSchema             (public)
 *   GET  /api/copy/verify         recordIdQuerySchema     -> chainVerificationSchema (public)
 *   GET  /api/user/copy_lead      -                       -> myLeaderSchema
 *   POST /api/user/copy_lead      leadBodySchema          -> myLeaderSchema  (publish, or edit name/description)
 *   POST /api/user/copy_unlead    -                       -> myLeaderSchema  (retire the current record)
 *   POST /api/user/goorder        goOrderBodySchema       -> subscriptionSchema (follow, or change settings)
 *   POST /api/user/copy_pause     subscriptionIdBodySchema -> subscriptionSchema
 *   POST /api/user/copy_resume    subscriptionIdBodySchema -> subscriptionSchema
 *   POST /api/user/copy_stop      subscriptionIdBodySchema -> subscriptionSchema
 *   GET  /api/user/copy_list      subscriptionListQuerySchema -> subscriptionListSchema
 *   GET  /api/user/copy_orders    copyOrderListQuerySchema -> copyOrderListSchema   (follow-trade orders)
 *   GET  /api/user/myorders       myOrdersQuerySchema     -> myOrderListSchema       (the Order tab's "my orders")
 */

/** Nobody is ranked (sorted into the leaders list) before this many settled orders in the record. */
export const COPY_MIN_RANKED_ORDERS = 30;

/** Leaders earn no share of their followers' results: stated before following, nothing is paid to them. */
export const COPY_LEADER_SHARE_PCT = '0.00';

const usdAmount = z
  .string({ error: 'please_fill_in' })
  .trim()
  .min(1, 'please_fill_in')
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'invalid_request');

const positiveId = (key = 'no_data') =>
  z.coerce
    .number({ error: key })
    .int(key)
    .positive(key)
    .max(2 ** 53 - 1, key);

const { page, size } = pageQuerySchema({ maxSize: 100, defaultSize: 20 }).shape;

/** A comma-separated list in a form body ("BTC/USDT,ETH/USDT"); empty or absent means "all". */
const csvList = <T extends z.ZodType<string | number>>(item: T, max: number) =>
  z
    .preprocess(
      (v) =>
        v === undefined || v === null
          ? []
          : (Array.isArray(v) ? v.join(',') : String(v))
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
      z.array(item).max(max, 'invalid_request'),
    )
    .transform((items) => [...new Set(items)] as z.infer<T>[]);

// ---------- leaders ----------

export const leadBodySchema = z.object({
  display_name: z
    .string({ error: 'please_fill_in' })
    .transform(cleanUserLine)
    .pipe(
      z
        .string()
        .min(2, 'copy_name_invalid')
        .max(30, 'copy_name_invalid')
        .regex(/^[^<>]+$/u, 'copy_name_invalid'),
    ),
  description: z
    .string()
    .default('')
    .transform(cleanUserLine)
    .pipe(
      z
        .string()
        .max(280, 'copy_description_too_long')
        .regex(/^[^<>]*$/u, 'invalid_request'),
    ),
  /** The leader states the terms shown to followers: the share is always 0 % (no fee to the leader). */
  agree: z.preprocess(
    (v) => v === true || v === '1' || v === 'true' || v === 'on',
    z.literal(true, { error: 'agreement_required' }),
  ),
});
export type LeadBody = z.input<typeof leadBodySchema>;

export const leaderStatusSchema = z.enum(['active', 'retired']);
export type LeaderStatus = z.infer<typeof leaderStatusSchema>;

/** One leadership stint: a record is never reset or deleted; leaving ends it, rejoining starts a new one. */
export const copyRecordSchema = z.object({
  id: z.number().int(),
  leader_id: z.number().int(),
  status: leaderStatusSchema,
  started_at: z.number().int(),
  ended_at: z.number().int().nullable(),
  /** Entries in the hash chain (start, opens, settlements, retirement). */
  entries: z.number().int(),
  /** Hash of the newest entry (hex SHA-256): anyone holding it can re-check the whole chain. */
  head_hash: z.string(),
  orders: z.number().int(),
});
export type CopyRecord = z.infer<typeof copyRecordSchema>;

export const leaderTermsSchema = z.object({
  /** Share of followers' profits paid to the leader, percent: always "0.00" (no fee to the leader). */
  leader_share_pct: z.string(),
  /** Settled orders needed before the leader is ranked. */
  min_ranked_orders: z.number().int(),
});
export type LeaderTerms = z.infer<typeof leaderTermsSchema>;

const monthSchema = z.object({
  /** YYYY-MM in the platform time zone, of the settlement second. */
  month: z.string(),
  orders: z.number().int(),
  stake: z.string(),
  pnl: z.string(),
  pnl_pct: z.string().nullable(),
});

/** Every figure of a record, computed from its orders (formulas in the README); nothing here is stored. */
export const leaderStatsSchema = z.object({
  record_id: z.number().int(),
  /** All orders in the record, open ones included. */
  orders: z.number().int(),
  open: z.number().int(),
  /** Settled orders: the sample size of every result figure below. */
  settled: z.number().int(),
  wins: z.number().int(),
  losses: z.number().int(),
  draws: z.number().int(),
  /** wins / (wins + losses) x 100; null without a decided order. Sample size: wins + losses. */
  win_rate: z.string().nullable(),
  /** The win rate at which these orders would have broken even at their own payout, loss and fee. */
  break_even_win_rate: z.string().nullable(),
  /** Sum of payout - stake - fee over settled orders. */
  pnl: z.string(),
  /** pnl / settled stake x 100; null without a settled order. */
  pnl_pct: z.string().nullable(),
  total_stake: z.string(),
  avg_stake: z.string().nullable(),
  fees: z.string(),
  /** Largest fall of the cumulative P/L from a previous peak (money, >= 0), and as % of settled stake. */
  max_drawdown: z.string(),
  max_drawdown_pct: z.string().nullable(),
  monthly: z.array(monthSchema),
  /** Cumulative P/L after each settled order, in settlement order (for the P/L curve). */
  curve: z.array(z.object({ t: z.number().int(), pnl: z.string() })),
  /** Active or paused subscriptions to this leader now. */
  followers: z.number().int(),
  /** Settled copies of this record's orders, and their summed P/L (payout - stake - fee). */
  follower_copies: z.number().int(),
  followers_pnl: z.string(),
  ranked: z.boolean(),
});
export type LeaderStats = z.infer<typeof leaderStatsSchema>;

export const LEADER_SORTS = ['win_rate', 'pnl_pct', 'orders', 'followers'] as const;
export const leaderSortSchema = z.enum(LEADER_SORTS);
export type LeaderSort = z.infer<typeof leaderSortSchema>;

export const leaderListQuerySchema = z.object({
  sort: leaderSortSchema.default('pnl_pct'),
  /** active: leading now (default); retired: stopped leading; all. */
  status: z.enum(['active', 'retired', 'all']).default('active'),
  page,
  size,
});
export type LeaderListQuery = z.input<typeof leaderListQuerySchema>;

export const leaderSummarySchema = z.object({
  leader_id: z.number().int(),
  display_name: z.string(),
  description: z.string(),
  status: leaderStatusSchema,
  /** The record the figures are of: the current one, or the latest for a retired leader. */
  record_id: z.number().int(),
  /** Position in the chosen sort among ranked leaders (1 = best); null while unranked. */
  rank: z.number().int().nullable(),
  ranked: z.boolean(),
  settled: z.number().int(),
  orders: z.number().int(),
  win_rate: z.string().nullable(),
  break_even_win_rate: z.string().nullable(),
  pnl: z.string(),
  pnl_pct: z.string().nullable(),
  followers: z.number().int(),
  started_at: z.number().int(),
  head_hash: z.string(),
});
export type LeaderSummary = z.infer<typeof leaderSummarySchema>;

/** Ranked leaders first in the chosen order, then the unranked (newest first), never sorted in among them. */
export const leaderListSchema = pageOf(leaderSummarySchema).extend({
  sort: leaderSortSchema,
  terms: leaderTermsSchema,
});
export type LeaderList = z.infer<typeof leaderListSchema>;

export const leaderQuerySchema = z.object({
  leader_id: positiveId(),
  /** One of the leader's records; default the current (or latest) one. */
  record_id: positiveId().optional(),
});

export const leaderDetailSchema = z.object({
  leader_id: z.number().int(),
  display_name: z.string(),
  description: z.string(),
  status: leaderStatusSchema,
  terms: leaderTermsSchema,
  /** Every record of this leader, newest first; none is ever removed. */
  records: z.array(copyRecordSchema),
  record: copyRecordSchema,
  stats: leaderStatsSchema,
  /** Whether the asking user follows this leader now (false when not logged in). */
  following: z.boolean(),
  /** Whether this is the asking user themselves (one cannot follow oneself). */
  is_me: z.boolean(),
  simulated: z.boolean(),
});
export type LeaderDetail = z.infer<typeof leaderDetailSchema>;

export const recordOrdersQuerySchema = z.object({ record_id: positiveId(), page, size });

/** A record's orders, newest first, with the same prices and times as getkdata's recorded seconds. */
export const recordOrderListSchema = pageOf(orderSchema);
export type RecordOrderList = z.infer<typeof recordOrderListSchema>;

// ---------- the hash chain ----------

export const CHAIN_ENTRY_KINDS = ['start', 'open', 'settle', 'retire'] as const;
export const chainEntryKindSchema = z.enum(CHAIN_ENTRY_KINDS);
export type ChainEntryKind = z.infer<typeof chainEntryKindSchema>;

/** The hash of entry 0's predecessor. */
export const CHAIN_GENESIS_HASH = '0'.repeat(64);

export const chainEntrySchema = z.object({
  record_id: z.number().int(),
  /** 0, 1, 2, ... without gaps. */
  seq: z.number().int(),
  kind: chainEntryKindSchema,
  order_id: z.number().int().nullable(),
  /** The canonical JSON text that was hashed (keys in a fixed order, money and prices as strings). */
  data: z.string(),
  prev_hash: z.string(),
  /** hex(SHA-256(prev_hash + "\n" + data)). */
  hash: z.string(),
  created_at: z.number().int(),
});
export type ChainEntry = z.infer<typeof chainEntrySchema>;

export const chainQuerySchema = z.object({
  record_id: positiveId(),
  /** Entries with seq > after (default: from the start). */
  after: z.coerce
    .number()
    .int()
    .min(-1)
    .max(2 ** 53 - 1)
    .default(-1),
  limit: z.coerce.number().int().min(1).max(1000).default(500),
});

export const chainSchema = z.object({
  record_id: z.number().int(),
  leader_id: z.number().int(),
  genesis_hash: z.string(),
  head_hash: z.string(),
  entries_total: z.number().int(),
  items: z.array(chainEntrySchema),
  /** Pass as `after` for the next page; null at the end. */
  next_after: z.number().int().nullable(),
});
export type Chain = z.infer<typeof chainSchema>;

export const chainBreakSchema = z.object({
  /** bad_link, bad_hash, gap, bad_data, missing_order, missing_settle, foreign_order, head_mismatch */
  kind: z.string(),
  seq: z.number().int().nullable(),
  order_id: z.number().int().nullable(),
  detail: z.string(),
});
export type ChainBreak = z.infer<typeof chainBreakSchema>;

/** The server's own re-check of a record: the chain's links and hashes, and every entry against the orders. */
export const chainVerificationSchema = z.object({
  record_id: z.number().int(),
  leader_id: z.number().int(),
  ok: z.boolean(),
  entries: z.number().int(),
  orders: z.number().int(),
  head_hash: z.string(),
  breaks: z.array(chainBreakSchema),
});
export type ChainVerification = z.infer<typeof chainVerificationSchema>;

export const recordIdQuerySchema = z.object({ record_id: positiveId() });

// ---------- my leadership ----------

export const myLeaderSchema = z.object({
  /** Null when the user has never led. */
  leader: z
    .object({
      leader_id: z.number().int(),
      display_name: z.string(),
      description: z.string(),
      status: leaderStatusSchema,
      record: copyRecordSchema,
      records: z.array(copyRecordSchema),
      followers: z.number().int(),
    })
    .nullable(),
  terms: leaderTermsSchema,
});
export type MyLeader = z.infer<typeof myLeaderSchema>;

// ---------- following ----------

/** fixed: every copy stakes `amount`; mirror: every copy stakes the leader's own stake. */
export const COPY_STAKE_MODES = ['fixed', 'mirror'] as const;
export const copyStakeModeSchema = z.enum(COPY_STAKE_MODES);
export type CopyStakeMode = z.infer<typeof copyStakeModeSchema>;

/**
 * /api/user/goorder: follow a leader, or change the settings of the subscription one already has with them.
 * A copy whose stake is above `max_amount` is skipped (never reduced); `daily_loss` stops copying for the rest
 * of the platform day once today's settled copy losses plus what open copies can still lose reach it.
 */
export const goOrderBodySchema = z.object({
  leader_id: positiveId('copy_leader_not_found'),
  stake_mode: copyStakeModeSchema.default('fixed'),
  /** Stake of each copy in fixed mode. */
  amount: usdAmount.optional(),
  /** Per-order cap: the largest stake a copy may have. */
  max_amount: usdAmount,
  /** Daily loss stop, U. */
  daily_loss: usdAmount,
  /** Products to copy (symbols, comma separated); empty = all. */
  symbols: csvList(z.string().trim().min(1).max(20, 'product_not_found'), 30),
  /** Settlement periods to copy (seconds, comma separated); empty = all. */
  periods: csvList(
    z.coerce
      .number({ error: 'invalid_request' })
      .int('invalid_request')
      .positive('invalid_request')
      .max(86_400, 'invalid_request'),
    20,
  ),
  /** The follower has seen the terms (no fee to the leader, copies pay their own fee). */
  agree: z.preprocess(
    (v) => v === true || v === '1' || v === 'true' || v === 'on',
    z.literal(true, { error: 'agreement_required' }),
  ),
});
export type GoOrderBody = z.input<typeof goOrderBodySchema>;

export const subscriptionIdBodySchema = z.object({ id: positiveId('copy_subscription_not_found') });

export const subscriptionStatusSchema = z.enum(['active', 'paused', 'stopped']);
export type SubscriptionStatus = z.infer<typeof subscriptionStatusSchema>;

export const subscriptionSchema = z.object({
  id: z.number().int(),
  leader_id: z.number().int(),
  leader_name: z.string(),
  leader_status: leaderStatusSchema,
  status: subscriptionStatusSchema,
  /** Why it stopped: null, 'user' or 'leader_retired'. */
  stopped_reason: z.string().nullable(),
  stake_mode: copyStakeModeSchema,
  amount: z.string().nullable(),
  max_amount: z.string(),
  daily_loss: z.string(),
  symbols: z.array(z.string()),
  periods: z.array(z.number().int()),
  leader_share_pct: z.string(),
  created_at: z.number().int(),
  updated_at: z.number().int(),
  copied: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Net P/L of this subscription's settled copies. */
  pnl: z.string(),
  /**
   * Today's net settled copy losses plus what open copies can still lose (what the daily loss stop compares);
   * never below zero: a day whose wins outweigh its losses shows nothing at risk.
   */
  today_at_risk: z.string(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

export const subscriptionListQuerySchema = z.object({
  status: z.enum(['live', 'stopped', 'all']).default('live'),
});
export const subscriptionListSchema = z.object({ items: z.array(subscriptionSchema) });
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

export const COPY_OUTCOMES = ['pending', 'copied', 'skipped', 'failed'] as const;
export const copyOutcomeSchema = z.enum(COPY_OUTCOMES);
export type CopyOutcome = z.infer<typeof copyOutcomeSchema>;

export const copyOrderListQuerySchema = z.object({
  status: z.enum(['all', 'copied', 'skipped', 'failed', 'pending']).default('all'),
  page,
  size,
});

/** One follow-trade order: what the leader opened and what became of the follower's copy. */
export const copyOrderSchema = z.object({
  /** The copy task's id (one per follower and leader order). */
  id: z.number().int(),
  subscription_id: z.number().int(),
  leader_id: z.number().int(),
  leader_name: z.string(),
  status: copyOutcomeSchema,
  /** A message key (errors catalogue) saying why it was skipped or failed, with its parameters. */
  reason: z.string().nullable(),
  reason_params: z.record(z.string(), z.string()),
  leader_order: z.object({
    id: z.number().int(),
    symbol: z.string(),
    name: z.string(),
    direction: z.enum(['up', 'down']),
    amount: z.string(),
    seconds: z.number().int(),
    open_time: z.number().int(),
    open_price: z.string(),
    settle_time: z.number().int(),
    settle_price: z.string().nullable(),
    result: z.enum(['win', 'loss', 'draw']).nullable(),
  }),
  /** The follower's own contract order (copied only). */
  order: orderSchema.nullable(),
  created_at: z.number().int(),
  done_at: z.number().int().nullable(),
});
export type CopyOrder = z.infer<typeof copyOrderSchema>;
export const copyOrderListSchema = pageOf(copyOrderSchema);
export type CopyOrderList = z.infer<typeof copyOrderListSchema>;

// ---------- my orders (the Order tab's "my orders": everything I did) ----------

export const MY_ORDER_KINDS = ['order', 'copy', 'plan', 'deposit', 'withdrawal', 'exchange'] as const;
export const myOrderKindSchema = z.enum(MY_ORDER_KINDS);
export type MyOrderKind = z.infer<typeof myOrderKindSchema>;

export const myOrdersQuerySchema = z.object({ kind: myOrderKindSchema.optional(), page, size });
export type MyOrdersQuery = z.input<typeof myOrdersQuerySchema>;

/**
 * One thing the user did, newest first across kinds. `action` and `status` are words per kind:
 * - order / copy: action up | down; status open | win | loss | draw (copy = a contract order the server placed
 *   for a subscription; `target` is the order).
 * - plan: action buy | topup | renew | payout | stop | maturity; status done; target the holding.
 * - deposit: action recharge, or what the credit was when not the user's own recharge (recharge_bonus: a
 *   channel's recharge bonus, gift: a system gift, promotion: a promotion bonus); status review | success | failed | audit (1..4 of the wallet); target the deposit.
 * - withdrawal: action withdraw; status review | success | failed; target the withdrawal.
 * - exchange: action buy | sell (coins); status done; target the exchange.
 */
export const myOrderSchema = z.object({
  kind: myOrderKindSchema,
  /** Unique within kind. */
  id: z.number().int(),
  action: z.string(),
  /** Product symbol, plan title, channel name or coin. */
  title: z.string(),
  /** Money moved, U (stake for orders, principal for plans, cash side of an exchange). */
  amount: z.string(),
  status: z.string(),
  /** Net result where one exists (settled orders), else null. */
  pnl: z.string().nullable(),
  mode: orderModeSchema.nullable(),
  created_at: z.number().int(),
  /** What to open: the order, holding, deposit, withdrawal or exchange, by id. */
  target: z.object({
    type: z.enum(['order', 'holding', 'deposit', 'withdrawal', 'exchange']),
    id: z.number().int(),
  }),
});
export type MyOrder = z.infer<typeof myOrderSchema>;
export const myOrderListSchema = pageOf(myOrderSchema);
export type MyOrderList = z.infer<typeof myOrderListSchema>;

// ---------- operators (read-only: no operator can edit a record) ----------

export const adminLeaderSchema = z.object({
  leader_id: z.number().int(),
  user_id: z.number().int(),
  account: z.string(),
  display_name: z.string(),
  status: leaderStatusSchema,
  records: z.number().int(),
  current_record_id: z.number().int().nullable(),
  orders: z.number().int(),
  followers: z.number().int(),
  created_at: z.number().int(),
});
export type AdminLeader = z.infer<typeof adminLeaderSchema>;
export const adminLeaderListSchema = z.object({ items: z.array(adminLeaderSchema), total: z.number().int() });

/** An operator's re-check of one record, or of every record of a leader; ok when none has a break. */
export const adminChainVerificationListSchema = z.object({ items: z.array(chainVerificationSchema), ok: z.boolean() });
export type AdminChainVerificationList = z.infer<typeof adminChainVerificationListSchema>;
