import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    symbol: text('symbol').notNull(),
    name: text('name').notNull(),
    class: text('class').notNull(),
    /** Decimal digits of a price; prices are stored as integers of 10^-precision. */
    precision: integer('precision').notNull(),
    session: text('session').notNull(),
    /** Annualised volatility of the simulator, in basis points. */
    volatilityBp: integer('volatility_bp').notNull(),
    /** Where the simulator's history starts (price units). */
    seedPrice: bigint('seed_price', { mode: 'bigint' }).notNull(),
    hot: boolean('hot').notNull().default(false),
    sort: integer('sort').notNull().default(0),
    /** Set by an operator: "trading forbidden". Never affects prices or results, only new orders. */
    forbidden: boolean('forbidden').notNull().default(false),
    /** Where its prices come from: 'simulator' or an exchange or provider (see market-sources.ts). */
    source: text('source').notNull().default('simulator'),
    /** The product's symbol at its source (BTCUSDT at Binance); null: derived from the symbol. */
    sourceSymbol: text('source_symbol'),
    /** Set when an operator chose the source: MARKET_FEED no longer moves it. */
    sourcePinned: boolean('source_pinned').notNull().default(false),
    /** Derived, so it cannot disagree with the source: every answer showing a price carries it. */
    simulated: boolean('simulated')
      .notNull()
      .generatedAlwaysAs(sql`source = 'simulator'`),
    /** In session, a last trade older than this marks the price "delayed" and refuses orders on it. */
    maxPriceAgeSeconds: integer('max_price_age_seconds').notNull().default(15),
    /**
     * The second, independent source its prices are checked against (an exchange other than `source`), or null:
     * no second-source rule. Set with the rule's tolerance at boot (REFERENCE_FEED) and logged as a term.
     */
    referenceSource: text('reference_source'),
    /** The product's symbol at the second source (BTC-USDT at OKX); null: derived from the symbol. */
    referenceSymbol: text('reference_symbol'),
    /** The published rule: an order is void when the two sources differ by more than this at its open or settle. */
    referenceToleranceBp: integer('reference_tolerance_bp'),
    /** The second source's price of a second is its last trade no older than this; none: the order is void. */
    referenceMaxAgeSeconds: integer('reference_max_age_seconds').notNull().default(5),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('products_symbol_key').on(t.symbol),
    check('products_class', sql`${t.class} in ('forex','metals','futures','stocks','crypto')`),
    check('products_precision', sql`${t.precision} between 0 and 8`),
    check('products_source', sql`${t.source} ~ '^[a-z][a-z0-9_]{1,31}$'`),
    check('products_max_price_age', sql`${t.maxPriceAgeSeconds} between 2 and 3600`),
    check(
      'products_reference_rule',
      sql`(${t.referenceSource} is null) = (${t.referenceToleranceBp} is null) and coalesce(${t.referenceToleranceBp}, 0) between 0 and 10000 and ${t.referenceMaxAgeSeconds} between 1 and 60`,
    ),
  ],
);

/** Contract terms per product and settlement period, set by operators (audited), shown before confirmation. */
export const contractTerms = pgTable(
  'contract_terms',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    seconds: integer('seconds').notNull(),
    payoutBp: integer('payout_bp').notNull(),
    lossBp: integer('loss_bp').notNull().default(10_000),
    feeBp: integer('fee_bp').notNull().default(0),
    minStake: bigint('min_stake', { mode: 'bigint' }).notNull(),
    maxStake: bigint('max_stake', { mode: 'bigint' }).notNull(),
    maxOpenStake: bigint('max_open_stake', { mode: 'bigint' }).notNull(),
    /** Preset stakes in minor units, as strings (JSON has no bigint). */
    presets: jsonb('presets').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.seconds] }),
    check('contract_terms_seconds', sql`${t.seconds} between 5 and 3600`),
    check(
      'contract_terms_rates',
      sql`${t.payoutBp} between 0 and 100000 and ${t.lossBp} between 0 and 10000 and ${t.feeBp} between 0 and 10000`,
    ),
    check(
      'contract_terms_stakes',
      sql`${t.minStake} > 0 and ${t.maxStake} >= ${t.minStake} and ${t.maxOpenStake} >= ${t.maxStake}`,
    ),
  ],
);

/** The recorded price series: one row per product and second. Results are derived from it alone. */
export const priceTicks = pgTable(
  'price_ticks',
  {
    productId: integer('product_id').notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    volume: bigint('volume', { mode: 'number' }).notNull().default(0),
    /** No trade at the source in this second: the previous price carried forward. */
    carried: boolean('carried').notNull().default(false),
    /**
     * The source's id of the trade whose price this is (the second's last trade), so the price can be checked at
     * its source; null for the simulator, a carried second, a second filled from the source's history (klines carry
     * no trade id), and a source without ids.
     */
    tradeId: bigint('trade_id', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.productId, t.ts] }), check('price_ticks_positive', sql`${t.price} > 0`)],
);

/**
 * The second source's record: per product and second, its last trade in that second (seconds without a trade are
 * absent, never carried), with the source's trade id and time, so a checked price can be looked up at the source.
 */
export const referenceTicks = pgTable(
  'reference_ticks',
  {
    productId: integer('product_id').notNull(),
    ts: bigint('ts', { mode: 'number' }).notNull(),
    source: text('source').notNull(),
    price: bigint('price', { mode: 'bigint' }).notNull(),
    /** The source's trade id as it wrote it (OKX's are decimal strings). */
    tradeId: text('trade_id'),
  },
  (t) => [primaryKey({ columns: [t.productId, t.ts] }), check('reference_ticks_positive', sql`${t.price} > 0`)],
);

/** K-lines per interval, aggregated from the series as it is recorded. */
export const candles = pgTable(
  'candles',
  {
    productId: integer('product_id').notNull(),
    interval: text('interval').notNull(),
    t: bigint('t', { mode: 'number' }).notNull(),
    o: bigint('o', { mode: 'bigint' }).notNull(),
    h: bigint('h', { mode: 'bigint' }).notNull(),
    l: bigint('l', { mode: 'bigint' }).notNull(),
    c: bigint('c', { mode: 'bigint' }).notNull(),
    v: bigint('v', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.interval, t.t] })],
);

/**
 * The feed's progress: every second up to `watermark` is recorded for every product in session, so
 * an order due at or before it can be settled. The seed keeps the simulator's series the same across
 * restarts and nodes.
 */
export const feedState = pgTable('feed_state', {
  id: integer('id').primaryKey(),
  feed: text('feed').notNull(),
  seed: text('seed').notNull(),
  watermark: bigint('watermark', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Per product, how far its series is recorded (orders settle only up to it) and the last second with a real trade
 * at its source (a carried price does not count): the price is "delayed" when that is older than the product's limit.
 */
export const feedProgress = pgTable('feed_progress', {
  productId: integer('product_id').primaryKey(),
  recordedThrough: bigint('recorded_through', { mode: 'number' }).notNull(),
  lastTrade: bigint('last_trade', { mode: 'number' }),
  /** How far the second source is heard (every trade of every second up to it is in reference_ticks). */
  referenceThrough: bigint('reference_through', { mode: 'number' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Exchange holidays, kept by operators (audited): on `day` (a New York date) the session is closed all day. Crypto
 * (24x7) has none.
 */
export const marketHolidays = pgTable(
  'market_holidays',
  {
    session: text('session').notNull(),
    day: text('day').notNull(),
    name: text('name').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.session, t.day] }),
    check('market_holidays_session', sql`${t.session} in ('fx','globex','us_equities')`),
    check('market_holidays_day', sql`${t.day} ~ '^\\d{4}-\\d{2}-\\d{2}$'`),
  ],
);
