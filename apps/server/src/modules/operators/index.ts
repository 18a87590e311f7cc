// The operators module's face: operator identities (passwords, authenticators, sessions, API tokens, roles).
export { adminOperatorRoutes } from './operators.admin.routes.ts';
export { resolveOperator, SESSION_COOKIE } from './operator-guard.ts';
export { operatorMay } from './operator-lookup.ts';
export { fourEyesStep, type FourEyesStep } from './four-eyes.ts';
