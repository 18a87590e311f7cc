// The users module's face: the user record and its summary.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { userRoutes } from './users.routes.ts';
export { findUser, findUserByIdentifier, userInfo } from './users.service.ts';
export { totalAssets } from './total-assets.service.ts';
export { users } from './users.table.ts';
export { userIs } from './user-filter.ts';
