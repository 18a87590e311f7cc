// The check-in module's face: the daily check-in.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { checkinRoutes } from './checkin.routes.ts';
