import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * What an id handed in by the proxy may look like (nginx's `$request_id` is 32 hex digits, others send UUIDs or
 * dotted trace ids). Anything longer or with other characters (CR/LF, quotes, spaces) would be copied into every
 * log line and into a response header, so it is replaced by an id of our own rather than cleaned.
 */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * The log field of a request's id (given to the app's LogController): the header's own name rather than Fastify's
 * `reqId`, so one word finds a request in nginx's log (`$request_id`) and in ours.
 */
export const REQUEST_ID_LOG_LABEL = 'request_id';

/** Fastify options that name each request: the proxy's `X-Request-Id` when it is sane, else a fresh UUID. */
export const requestIdOptions = {
  // Fastify would take the header as it comes; genReqId reads it and checks it instead.
  requestIdHeader: false,
  genReqId: (raw: IncomingMessage): string => {
    const given = raw.headers[REQUEST_ID_HEADER];
    return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
  },
} as const;

/**
 * Every answer carries its request's id, set before any other hook runs so refusals from hooks (rate limits, the
 * operator guard), 404s, errors and the static files all have it.
 */
export function echoRequestId(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
}
