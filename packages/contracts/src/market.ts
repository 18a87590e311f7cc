import { z } from 'zod';

import { KLINE_INTERVALS, PRODUCT_CLASSES } from './market-constants.ts';
import { reasonSchema } from './admin.ts';

export {
  INTERVAL_SECONDS,
  KLINE_INTERVALS,
  PRODUCT_CLASSES,
  type KlineInterval,
  type ProductClass,
} from './market-constants.ts';

export const productClassSchema = z.enum(PRODUCT_CLASSES);

/** trading; closed (weekend / off days); non_trading (outside today's hours); forbidden (suspended by an operator). */
export const marketStatusSchema = z.enum(['trading', 'closed', 'non_trading', 'forbidden']);
export type MarketStatus = z.infer<typeof marketStatusSchema>;

export const klineIntervalSchema = z.enum(KLINE_INTERVALS);

/** Prices travel as decimal strings at the product's precision; times are seconds. */
export const productSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  class: productClassSchema,
  precision: z.number().int(),
  price: z.string().nullable(),
  /** Change against the first price of the current UTC day, in percent with two decimals ("-0.42"). */
  change_pct: z.string().nullable(),
  price_time: z.number().int().nullable(),
  status: marketStatusSchema,
  /** A price was recorded in the last few seconds: with status "trading", orders can be placed now. */
  live: z.boolean(),
  hot: z.boolean(),
  /** True while this product's prices come from the built-in simulator. */
  simulated: z.boolean(),
  /** Where this product's prices come from: "simulator", "binance", ... */
  source: z.string(),
  /** In session, but the source's last trade is older than the product's limit: orders are refused. */
  delayed: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = z.object({
  class: productClassSchema.optional(),
  q: z.string().trim().max(32).optional(),
});
/** `simulated`: at least one product listed has simulated prices (each product says which). */
export const productListSchema = z.object({ items: z.array(productSchema), simulated: z.boolean() });

export const symbolQuerySchema = z.object({
  symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
});

export const candleSchema = z.object({
  t: z.number().int(),
  o: z.string(),
  h: z.string(),
  l: z.string(),
  c: z.string(),
  v: z.number(),
});
export type Candle = z.infer<typeof candleSchema>;

export const klineQuerySchema = z.object({
  symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
  interval: klineIntervalSchema.default('1m'),
  count: z.coerce.number().int().min(1).max(1000).default(200),
  /** Only candles that start before this second: pages back through history. */
  before: z.coerce.number().int().positive().optional(),
});
export const klineSchema = z.object({
  symbol: z.string(),
  interval: klineIntervalSchema,
  candles: z.array(candleSchema),
  simulated: z.boolean(),
  source: z.string(),
});

export const tickSchema = z.object({ s: z.string(), p: z.string(), t: z.number().int() });
export type Tick = z.infer<typeof tickSchema>;

export const latestPricesQuerySchema = z.object({ symbols: z.string().max(400).optional() });
export const latestPricesSchema = z.object({ items: z.array(tickSchema), simulated: z.boolean() });

export const ticksQuerySchema = z.object({
  symbol: z.string().trim().min(1, 'product_not_found').max(20, 'product_not_found'),
  /** How many of the last seconds (the fluctuation line). */
  seconds: z.coerce.number().int().min(10).max(3600).default(300),
});
export const ticksSchema = z.object({ symbol: z.string(), items: z.array(tickSchema) });

export const productQuoteSchema = z.object({
  symbol: z.string(),
  open: z.string().nullable(),
  high: z.string().nullable(),
  low: z.string().nullable(),
  close: z.string().nullable(),
  now: z.string().nullable(),
  time: z.number().int().nullable(),
  status: marketStatusSchema,
  simulated: z.boolean(),
  source: z.string(),
  delayed: z.boolean(),
});
export type ProductQuote = z.infer<typeof productQuoteSchema>;

/** Contract terms for one product and settlement period, as shown before a user confirms. */
export const contractTermsSchema = z.object({
  seconds: z.number().int(),
  /** Percent of the stake paid on top of it on a win, e.g. "85.00". */
  payout_pct: z.string(),
  /** Percent of the stake lost on a loss ("100.00" by default). */
  loss_pct: z.string(),
  fee_pct: z.string(),
  min_amount: z.string(),
  max_amount: z.string(),
  max_open_amount: z.string(),
  presets: z.array(z.string()),
  /**
   * The published second-source rule, shown before the order: if the second source's price differs from the
   * recorded one by more than tolerance_pct at the open or settle second, or it has no trade within max_age_seconds
   * of it, the order is void and stake and fee are returned. Absent: no second source for this product.
   */
  reference: z
    .object({ source: z.string(), tolerance_pct: z.string(), max_age_seconds: z.number().int() })
    .nullable()
    .optional(),
});
export type ContractTerms = z.infer<typeof contractTermsSchema>;

export const termsListSchema = z.object({ symbol: z.string(), items: z.array(contractTermsSchema) });

export const goodsSchema = z.object({
  product: productSchema,
  terms: z.array(contractTermsSchema),
  session: z.string(),
  /** Next moment the status changes (opens or closes), seconds; null when it never does (24/7). */
  next_change: z.number().int().nullable(),
});

// ---------- operators ----------

/** The price sources a product can be given ("simulator" is the built-in one). */
export const MARKET_SOURCES = ['simulator', 'binance', 'json'] as const;
export const marketSourceSchema = z.enum(MARKET_SOURCES);
export type MarketSource = z.infer<typeof marketSourceSchema>;

/** A product as operators list it: its class, session, source and whether trading is forbidden. */
export const adminProductSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  class: productClassSchema,
  session: z.string(),
  forbidden: z.boolean(),
  source: z.string(),
  /** The symbol at the source; null: derived from the product's symbol (BTC/USDT -> BTCUSDT). */
  source_symbol: z.string().nullable(),
  /** Chosen by an operator: MARKET_FEED no longer changes it. */
  source_pinned: z.boolean(),
  simulated: z.boolean(),
  precision: z.number().int(),
  max_price_age_seconds: z.number().int(),
  hot: z.boolean(),
  /** The latest recorded price and its second, and whether it is delayed now. */
  price: z.string().nullable(),
  price_time: z.number().int().nullable(),
  delayed: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.object({ items: z.array(adminProductSchema) });

const sourceSymbolSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9._:/-]{1,32}$/, 'invalid_request');

/** An operator adds a product: it starts with the default terms and no price until its source records one. */
export const adminProductCreateSchema = z.object({
  reason: reasonSchema,
  symbol: z
    .string()
    .trim()
    .regex(/^[A-Z0-9][A-Z0-9./_-]{0,19}$/, 'invalid_request'),
  name: z.string().trim().min(1).max(60),
  class: productClassSchema,
  session: z.enum(['24x7', 'fx', 'globex', 'us_equities']),
  precision: z.number().int().min(0).max(8),
  source: marketSourceSchema,
  source_symbol: sourceSymbolSchema.nullable().default(null),
  /** Where a simulated series starts (the simulator needs one; ignored by other sources), at the precision. */
  seed_price: z.string().regex(/^\d{1,12}(\.\d{1,8})?$/, 'invalid_request'),
  max_price_age_seconds: z.number().int().min(2).max(3600).default(15),
  hot: z.boolean().default(false),
});
export type AdminProductCreate = z.input<typeof adminProductCreateSchema>;

/** An operator changes a product's source, source symbol, precision, delay limit, name or "hot" mark. */
export const adminProductUpdateSchema = z.object({
  reason: reasonSchema,
  name: z.string().trim().min(1).max(60).optional(),
  source: marketSourceSchema.optional(),
  source_symbol: sourceSymbolSchema.nullable().optional(),
  precision: z.number().int().min(0).max(8).optional(),
  max_price_age_seconds: z.number().int().min(2).max(3600).optional(),
  hot: z.boolean().optional(),
});
export type AdminProductUpdate = z.input<typeof adminProductUpdateSchema>;

/** After an operator forbids or allows trading in a product. */
export const productForbiddenSchema = z.object({ symbol: z.string(), forbidden: z.boolean() });

/** Contract terms as operators see them: disabled terms are listed too. */
export const adminContractTermsSchema = contractTermsSchema.extend({ enabled: z.boolean() });
export type AdminContractTerms = z.infer<typeof adminContractTermsSchema>;
export const adminTermsListSchema = z.object({ symbol: z.string(), items: z.array(adminContractTermsSchema) });

/** Messages on the /api/stream WebSocket. */
export const streamClientMessageSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('sub'), symbols: z.array(z.string().max(20)).max(50) }),
  z.object({ op: z.literal('unsub'), symbols: z.array(z.string().max(20)).max(50) }),
  z.object({ op: z.literal('ping') }),
]);
export type StreamClientMessage = z.infer<typeof streamClientMessageSchema>;
export type StreamServerMessage =
  | { type: 'tick'; s: string; p: string; t: number }
  | { type: 'status'; s: string; status: MarketStatus }
  | { type: 'pong'; t: number }
  | { type: 'error'; key: string };

/** An exchange holiday operators keep: the session is closed all that New York day. */
export const adminHolidaySchema = z.object({
  session: z.enum(['fx', 'globex', 'us_equities']),
  day: z.string(),
  name: z.string(),
  created_by: z.string(),
});
export type AdminHoliday = z.infer<typeof adminHolidaySchema>;
export const adminHolidayListSchema = z.object({ items: z.array(adminHolidaySchema) });
export const adminHolidayBodySchema = z.object({
  reason: reasonSchema,
  session: z.enum(['fx', 'globex', 'us_equities']),
  day: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'invalid_request'),
  name: z.string().trim().min(1).max(80),
});
export const adminHolidayRemoveSchema = adminHolidayBodySchema.omit({ name: true });
