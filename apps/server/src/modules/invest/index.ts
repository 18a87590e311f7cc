// The invest module's face: savings plans, holdings and their daily accrual.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
import { ownHeldChanges } from '../../platform/held-changes/held-changes.service.ts';
import { planCreateOwner, planRatesOwner } from './plans-admin.service.ts';
import { flexRateOwner } from './flexible-admin.service.ts';

export { accrueAll } from './accrual.service.ts';
export { accrueFlexible, payArrivedOuts } from './flexible.service.ts';
export { seedFlexible } from './flexible-admin.service.ts';
export { registerInvestCommands } from './invest.ops.ts';
export { investRoutes } from './invest.routes.ts';
export { seedPlans } from './invest.seed.ts';
export { settleMatured } from './invest.service.ts';
export { adminInvestRoutes } from './invest.admin.routes.ts';

ownHeldChanges('plan.edit', planRatesOwner);
ownHeldChanges('plan.create', planCreateOwner);
ownHeldChanges('yuebao.rate', flexRateOwner);
