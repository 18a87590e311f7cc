// The proof of liabilities' face: a day's Merkle sum tree over what every user is owed, its public root, each
// user's proof. Other modules, the app and the jobs import this file only.
export { liabilitiesRoot, publishLiabilities } from './liabilities.service.ts';
export { liabilitiesRoutes } from './liabilities.routes.ts';
