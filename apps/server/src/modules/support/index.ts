// The support module's face: the conversations between users (signed in or not) and customer service.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { supportRoutes } from './support.routes.ts';
export { guestSupportRoutes } from './support.guest.routes.ts';
export { adminSupportRoutes } from './support.admin.routes.ts';
export { adminUserSupportRoutes } from './user-support.admin.routes.ts';
export { waitingConversations } from './waiting-conversations.ts';
export { supportTargets } from './user-records.ts';
export { eraseWordsOnClosure } from './account-closing.ts';
