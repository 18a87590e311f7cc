// The orders module's face: contract orders, how they open and settle, and the hooks other modules fill.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { orderHooks, type LeaderOrderOpened, type OrderSettled } from './order-hooks.ts';
export { checkOrderTerms, insertOpenOrders, lockOrderUsers, type OpenOrder, type OrderTerms } from './order-opening.ts';
export { toOrder, type OrderRow } from './order-view.ts';
export { orderRoutes } from './orders.routes.ts';
export { openStakeDrift, settleDueOrders, SETTLE_BATCH } from './orders.service.ts';
export { ordersById, ordersIn, settledSince, tradingSince } from './orders-by-id.ts';
export { openExposure, openRealOrderCount, openStakeReferences, type OpenExposure } from './open-book.ts';
export { adminOrderRoutes } from './orders.admin.routes.ts';
export { ordersPlacedSince } from './orders-since.ts';
