// The invites module's face: invitation codes, claimed at registration.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { claimInvite, createInviteCode, findInviteByCode } from './invites.service.ts';
export { adminInviteRoutes } from './invites.admin.routes.ts';
