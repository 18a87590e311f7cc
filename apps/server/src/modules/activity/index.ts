// The activity module's face: a user's recent events across the app.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { activityRoutes } from './activity.routes.ts';
export { adminUserActivityRoutes } from './activity.admin.routes.ts';
