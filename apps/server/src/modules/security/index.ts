// The security module's face: the login history and the user's live sessions.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
import { authHooks } from '../auth/index.ts';
import { recordLogin } from './security.service.ts';
export { securityRoutes } from './security.routes.ts';

// Each login and registration is recorded in the user's login history (modules/auth/auth-hooks.ts).
authHooks.sessionOpened.on(recordLogin);
export { adminSecurityRoutes } from './security.admin.routes.ts';
export { anonymiseLoginsOnClosure } from './account-closing.ts';
export { accountsSharingAddresses, isPersonalAddress } from './shared-address.ts';
