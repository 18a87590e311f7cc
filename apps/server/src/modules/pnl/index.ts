// The results module's face: a user's results by day, product and period.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { pnlRoutes } from './pnl.routes.ts';
