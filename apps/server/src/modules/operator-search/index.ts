// The console's search everything (GET /admin/search): one query over every key an operator may be handed. It owns
// no tables: each key is looked up by the module that keeps it, through its face (users, kyc, wallet).
export { adminSearchRoutes } from './operator-search.admin.routes.ts';
export { searchEverything } from './search-everything.service.ts';
