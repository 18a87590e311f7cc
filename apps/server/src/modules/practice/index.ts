// The practice module's face: the virtual-money account.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { practiceRoutes } from './practice.routes.ts';
export { assetOf, openPractice } from './practice.service.ts';
