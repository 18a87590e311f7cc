/**
 * Whether an error means the database could not be reached or did not answer in time (as opposed to a query it
 * answered with a refusal, or a bug). Such a request is answered "system busy" (503) and a job backs off: trying
 * again later can succeed, and nothing was written (the transaction did not commit).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  return causes(error).some(isUnavailableItself);
}

/** SQLSTATEs the server sends when it gave up on a statement or a session, or cannot take one more. */
const UNAVAILABLE_STATES = new Set([
  '57014', // query_canceled: statement_timeout
  '55P03', // lock_not_available: lock_timeout
  '25P03', // idle_in_transaction_session_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '53400', // configuration_limit_exceeded
]);

/** Socket errors from node's net module on the way to the database. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres and pg-pool say when a connection or a read timed out, or the socket went away. */
const CLIENT_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'timeout expired',
  'is not queryable',
];

function isUnavailableItself(error: object): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (UNAVAILABLE_STATES.has(code) || SOCKET_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CLIENT_MESSAGES.some((m) => message.includes(m));
}

/** The error and what it wraps: drizzle's `cause`, and the per-address errors of a failed connect (AggregateError). */
function causes(error: unknown): object[] {
  const found: object[] = [];
  const visit = (e: unknown, depth: number) => {
    if (depth > 6 || e === null || typeof e !== 'object' || found.includes(e)) return;
    found.push(e);
    visit((e as { cause?: unknown }).cause, depth + 1);
    const inner = (e as { errors?: unknown }).errors;
    if (Array.isArray(inner)) for (const x of inner.slice(0, 8)) visit(x, depth + 1);
  };
  visit(error, 0);
  return found;
}
