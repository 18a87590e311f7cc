// The auth module's face: registration, login, sessions and the user's passwords.
// Other modules, the app and the jobs import this file only; everything else here is the module's own.
export { authHooks, type SessionOpened } from './auth-hooks.ts';
export { authRoutes } from './auth.routes.ts';
export { assertFundPassword, assertLoginPassword } from './password-change.service.ts';
export { hashPassword } from './password-hash.ts';
export { passwordRoutes } from './password.routes.ts';
export { authenticatorRoutes } from './authenticator.routes.ts';
export { passkeyRoutes } from './passkeys.routes.ts';
// Money steps and security changes ask for a fresh second factor when the user has one on (step-up).
export { assertSecondFactor, type StepUpUser } from './step-up.ts';
export {
  SESSION_IDLE_SECONDS,
  capSessionLength,
  findSession,
  hashToken,
  liveSessions,
  revokeSession,
  revokeUserSessions,
  sessionOf,
  sessionTimes,
  touchSessions,
  type LiveSessionRow,
} from './sessions.ts';
export {
  isOwnOpenSession,
  liveSessionsOf,
  sessionHistoryOf,
  sessionOfToken,
  unexpiredSessionIds,
} from './sessions-view.ts';
export { adminAccountRoutes } from './auth.admin.routes.ts';
// Operators' sign-in checks its secrets the same way (counted before verified, argon2id, common passwords refused).
export { addressLimits, checkSecret } from './secret-attempts.ts';
export { decoyHash, verifyPassword } from './password-hash.ts';
export { assertUncommonPassword } from './password-strength.ts';
// A logged-out person proves their phone to customer service with the same counted SMS codes.
export { checkCode, consumeCode, withAntiPhishing } from './verification-codes.ts';
export { endCredentialsOnClosure } from './account-closing.ts';
