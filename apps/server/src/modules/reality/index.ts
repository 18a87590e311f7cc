// The reality check's face: time in session, stakes and result since sign-in, read through the auth, limits and
// orders faces. It owns no table.
export { realityRoutes } from './reality.routes.ts';
