// The market module's face: products, terms, recorded prices and the live quote stream.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
import { ownHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import { termsOwner } from './market-admin.service.ts';

export { backfill, type BackfillOptions } from './backfill.ts';
export { isDelayed, isLive, marketStatus } from './market-status.ts';
export { productLags } from './feed-lags.ts';
export { recordedSecond, type RecordedSecond } from './recorded-second.ts';
export { refreshHolidays } from './market-holidays.ts';
export {
  findProduct,
  findProductById,
  productsById,
  productsBySymbols,
  usdtCoinProducts,
  findProductTerms,
  latestTicks,
  listProducts,
  priceAt,
  pruneSeries,
  progressOf,
  recordProgress,
  recordTicks,
  type ProductRow,
  type ProgressRow,
  type TickRow,
} from './market.repository.ts';
export { binanceSource } from './binance-source.ts';
export { centsFor, coinPricesAt, coinsFor, type CoinPrice } from './coin-value.ts';
export { okxSource } from './okx-source.ts';
export {
  applyReferenceRule,
  recordReference,
  referenceProgressOf,
  referenceStep,
  referenceSymbolOf,
  type ReferenceRule,
} from './reference-source.ts';
export { jsonFeedConfig, jsonSource, type JsonFeedConfig } from './json-source.ts';
export { type LiveSource } from './stream-source.ts';
export { liveStep, type LiveProgress } from './live-recording.ts';
export { anySimulated, applyDefaultSource, sourceSymbolOf } from './market-sources.ts';
export { marketRoutes } from './market.routes.ts';
export { advanceFeedWatermark, readFeedState, startFeedState, type FeedState } from './feed-state.ts';
export { SimulatedFeed, type PriceFeed } from './price-feed.ts';
export { DEFAULT_TERMS, PRODUCT_SEEDS } from './product-catalogue.ts';
export { seedProducts } from './market.seed.ts';
export { streamRoutes } from './stream.routes.ts';
export { TICK_CHANNEL, TickHub } from './tick-hub.ts';
export { sessionStatusCached, type SessionName } from './trading-sessions.ts';
export { adminMarketRoutes } from './market.admin.routes.ts';

ownHeldChanges('product.terms', termsOwner);
