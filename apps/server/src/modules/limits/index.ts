// The limits module's face: the limits users set on themselves, time-outs and self-exclusion, and the checks
// that hold them where money moves (order placement and copy fills through the orders module's statements,
// deposits and plan purchases through the calls below).
export { addOrder, exclusionRefusal, orderRefusal, parseState, type DayUsage, type LimitState } from './limit-rules.ts';
export {
  limitColumns,
  limitJoin,
  limitedUsersJoin,
  limitsOf as limitsOfRow,
  usageOpened,
  usageSettled,
  type LimitColumns,
} from './limits.sql.ts';
export { assertNotExcluded, checkDeposit, limitsOf, realityMinutesOf } from './limits.service.ts';
import { authHooks } from '../auth/index.ts';
import { capOpenedSession } from './limits.service.ts';

// A sign-in of a user with a session length gets a session that ends on time.
authHooks.sessionOpened.on(capOpenedSession);
export { limitRoutes, adminLimitRoutes } from './limits.routes.ts';
