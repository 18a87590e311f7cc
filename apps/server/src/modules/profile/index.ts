// The profile module's face: the user's avatar (its routes, and its id for the user's summary).
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { profileRoutes } from './profile.routes.ts';
export { currentAvatarId } from './avatar.ts';
export { dropAvatarOnClosure } from './account-closing.ts';
