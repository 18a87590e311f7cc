// The alerts module's face: price alerts, checked by the alerts job.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { alertRoutes } from './alerts.routes.ts';
export { checkAlerts, type FiredAlert } from './alerts.service.ts';
export { dropAlertsOnClosure } from './account-closing.ts';
