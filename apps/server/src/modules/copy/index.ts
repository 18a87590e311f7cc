// The copy-trading module's face: leaders, their public records, followers and the copies the job places.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
import { orderHooks } from '../orders/index.ts';
import { recordLeaderOrder, recordSettlements } from './copy-fanout.ts';
import { wakeCopyJob } from './copy-wake.ts';
export { onCopyWake } from './copy-wake.ts';
export { workCopyTasks } from './copy-worker.ts';
export { registerCopyCommands } from './copy.ops.ts';
export { copyPublicRoutes, copyUserRoutes } from './copy.routes.ts';
export { adminCopyRoutes } from './copy.admin.routes.ts';

// Copy trading records what orders do, inside their transactions (modules/orders/order-hooks.ts).
orderHooks.leaderOrderOpened.on(recordLeaderOrder);
orderHooks.ordersSettled.on(recordSettlements);
orderHooks.copiesCommitted.on(wakeCopyJob);
export { leadsCopyTrading, stopFollowingOnClosure } from './account-closing.ts';
