import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What proved who an operator is, as the audit log records it: a console `session`, an API `token` (with its
 * id), the `shared-token` (only the first admin is made with it), or the secret presented to open a session:
 * `sign-in` (password and authenticator) or `invitation` (the invitation's ticket).
 */
export type ActingCredential = {
  kind: 'session' | 'token' | 'shared-token' | 'sign-in' | 'invitation';
  tokenId: number | null;
};

const scope = new AsyncLocalStorage<{ credential: ActingCredential | null }>();

/**
 * Runs the rest of one operator request inside a scope the guard names its credential in, so every audit row the
 * request writes, however deep in a service, carries it without each act having to pass it along.
 */
export const runActingScope = (next: () => void) => scope.run({ credential: null }, next);

export function setActingCredential(credential: ActingCredential) {
  const current = scope.getStore();
  if (current) current.credential = credential;
}

/** The credential of the operator request running now; null outside one, or before the guard has named it. */
export const actingCredential = (): ActingCredential | null => scope.getStore()?.credential ?? null;
