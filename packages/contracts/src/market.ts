import { z } from 'zod';

import { KLINE_INTERVALS, PRODUCT_CLASSES } from './market-constants.ts';

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
  /** True while the prices come from the built-in simulator. */
  simulated: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

export const productListQuerySchema = z.object({
  class: productClassSchema.optional(),
  q: z.string().trim().max(32).optional(),
});
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
});

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

/** A product as operators list it: its class, trading session and whether trading is forbidden. */
export const adminProductSchema = z.object({
  symbol: z.string(),
  name: z.string(),
  class: productClassSchema,
  session: z.string(),
  forbidden: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.object({ items: z.array(adminProductSchema) });

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
