// The KYC module's face: identity submissions and their review.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { registerKycCommands } from './kyc.ops.ts';
export { kycRoutes } from './kyc.routes.ts';
export { adminKycRoutes } from './kyc.admin.routes.ts';
export { kycHooks } from './kyc-hooks.ts';
export { adminUserRealNameRoutes } from './user-real-name.admin.routes.ts';
export { waitingRealName } from './waiting-real-name.ts';
export { realNameTargets } from './user-records.ts';
export { verifiedRealName } from './verified-name.ts';
export { searchRealNamesForOperator, type RealNameHit } from './real-name-search.ts';
export { eraseRealNameOnClosure } from './account-closing.ts';
