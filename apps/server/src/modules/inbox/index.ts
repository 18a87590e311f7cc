// The inbox module's face: the messages the platform sends a user.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { inboxRoutes } from './inbox.routes.ts';
export { messagesAfter, postInboxMessage, postInboxMessages, postToUsers, unreadCount } from './inbox.service.ts';
export { adminInboxRoutes } from './inbox.admin.routes.ts';
export { clearInboxOnClosure } from './account-closing.ts';
