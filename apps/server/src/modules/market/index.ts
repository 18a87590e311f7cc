// The market module's face: products, terms, recorded prices and the live quote stream.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { backfill, type BackfillOptions } from './backfill.ts';
export { isLive, marketStatus } from './market-status.ts';
export {
  findProduct,
  findProductTerms,
  latestTicks,
  listProducts,
  priceAt,
  pruneSeries,
  recordTicks,
  type ProductRow,
  type TickRow,
} from './market.repository.ts';
export { marketRoutes } from './market.routes.ts';
export { contractTerms, feedState, products } from './market.table.ts';
export { SimulatedFeed, type PriceFeed } from './price-feed.ts';
export { DEFAULT_TERMS, PRODUCT_SEEDS } from './product-catalogue.ts';
export { streamRoutes } from './stream.routes.ts';
export { TICK_CHANNEL, TickHub } from './tick-hub.ts';
export { sessionStatusCached, type SessionName } from './trading-sessions.ts';
export { adminMarketRoutes } from './market.admin.routes.ts';
