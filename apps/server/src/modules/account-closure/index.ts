// The account-closure module's face: a user closing their own account. It stands above the modules whose rows it
// asks to forget the person (each does so in its own tables) and reads the blockers from their faces.
export { accountClosureRoutes } from './account-closure.routes.ts';
export { closureCheck } from './account-closure.service.ts';
