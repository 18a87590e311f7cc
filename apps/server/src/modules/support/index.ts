// The support module's face: the conversation between a user and customer service.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { supportRoutes } from './support.routes.ts';
export { adminSupportRoutes } from './support.admin.routes.ts';
