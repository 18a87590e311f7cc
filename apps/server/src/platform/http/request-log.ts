import type { IncomingHttpHeaders } from 'node:http';
import { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest } from 'fastify';
import pino, { type Bindings, type ChildLoggerOptions, type DestinationStream, type LogFn } from 'pino';
import { REQUEST_ID_LOG_LABEL } from './request-id.ts';

/**
 * No route takes a secret in its query string (tokens travel in the `token` header, and /api/stream is public),
 * but a client may still put one there: such values are masked before a URL is logged.
 */
const SECRET_PARAM =
  /^(?:token|access_token|auth|authorization|password|pwd|fund_password|code|secret|sign|signature)$/i;

/**
 * A parameter name with a `%` in it, which may encode a secret-looking name. A `%` in a value (`symbol=BTC%2FUSDT`)
 * hides no name, and does not send the URL through the slow path.
 */
const ENCODED_NAME_IN_QUERY = /[?&][^=&]*%/;

/** A secret-looking name anywhere as a parameter name of a query (`?` or `&` before it, `=` after it). */
const SECRET_NAME_IN_QUERY =
  /[?&](?:token|access_token|auth|authorization|password|pwd|fund_password|code|secret|sign|signature)(?:=|&|$)/i;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Query parameters whose values no log line holds, besides the secret-looking ones: what an operator types to
     * find a person (`GET /admin/search?q=`: a whole card or phone number).
     */
    unloggedQuery?: readonly string[];
  }
}

/**
 * The URL as it may be logged: the path, and the query with any secret-looking value masked, and the values of
 * the parameters the route names in `unloggedQuery`.
 */
export function loggableUrl(url: string, unlogged: readonly string[] = []): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  // Most queries name no secret and encode no name: they are logged as sent without taking them apart.
  if (unlogged.length === 0) {
    const query = url.slice(q);
    if (!ENCODED_NAME_IN_QUERY.test(query) && !SECRET_NAME_IN_QUERY.test(query)) return url;
  }
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed name is logged as sent; it names nothing a route reads.
      }
      return eq >= 0 && (SECRET_PARAM.test(decoded) || unlogged.includes(decoded)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, q)}?${query}`;
}

/** Who asked for what: the fields every refusal line carries (a user on the public app, an operator on the admin one). */
export function requestFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url, request.routeOptions.config?.unloggedQuery),
    userId: request.session?.userId,
    operator: request.operator || undefined,
  };
}

const QUIETER_THAN_INFO = new Set(['fatal', 'error', 'warn', 'silent']);

/** The message of the access line. */
export const ACCESS_MESSAGE = 'access';
/** pino's number for the info level, the access line's. */
const INFO = 30;
/** The lines that may wait for others to share a write (LineSink): only the access lines, one a request. */
export const accessLinesMayWait = (level: number, message: unknown) => level === INFO && message === ACCESS_MESSAGE;

/** A user agent as logged: at most this many characters (a client chooses it, and every line carries it). */
const MAX_USER_AGENT = 256;
/** A request's user agent as its access line holds it. */
export const userAgentOf = (headers: IncomingHttpHeaders) => headers['user-agent']?.slice(0, MAX_USER_AGENT);

/** The fields of an access line, in their order on it; an undefined one is left out, as pino leaves it out. */
export type AccessFields = {
  [REQUEST_ID_LOG_LABEL]: string;
  method: string;
  route: string | undefined;
  url: string;
  status: number;
  userId: number | undefined;
  operator: string | undefined;
  ip: string | undefined;
  ua: string | undefined;
  ms: number;
};

const quoted = (value: string) => JSON.stringify(value);
const field = (name: string, value: string | undefined) => (value === undefined ? '' : `,"${name}":${quoted(value)}`);

/**
 * The access line as pino writes `logger.info(fields, 'access')` (checked against pino in access-line.test.ts), made
 * in one expression of known shape: pino's loop over any object's keys cost about twice as much. `prefix` is what
 * pino puts first: the level, the time and the logger's bindings.
 */
export function accessLine(prefix: string, fields: AccessFields): string {
  return (
    `${prefix},"${REQUEST_ID_LOG_LABEL}":${quoted(fields[REQUEST_ID_LOG_LABEL])},"method":${quoted(fields.method)}` +
    `${field('route', fields.route)},"url":${quoted(fields.url)},"status":${fields.status}` +
    `${fields.userId === undefined ? '' : `,"userId":${fields.userId}`}${field('operator', fields.operator)}` +
    `${field('ip', fields.ip)}${field('ua', fields.ua)},"ms":${fields.ms},"msg":"${ACCESS_MESSAGE}"}\n`
  );
}

type PinoInternals = Record<symbol, unknown> & { level: string };

/**
 * Writes an access line straight to the logger's destination, as pino's own write would (the metadata a
 * destination asks for included), or undefined when the logger is not one whose insides are known (then pino
 * writes it).
 */
export function directWriter(logger: FastifyBaseLogger) {
  const internals = logger as unknown as PinoInternals;
  const { chindingsSym, streamSym, timeSym, needsMetadataGsym, lsCacheSym, messageKeySym, mixinSym } = pino.symbols;
  const { formattersSym, hooksSym, nestedKeySym } = pino.symbols;
  const chindings = internals[chindingsSym];
  const stream = internals[streamSym] as (DestinationStream & Record<string | symbol, unknown>) | undefined;
  // pino's defaults only: the level and time as it writes them by default, no hook, formatter or mixin that would
  // change a line, the message under `msg`.
  const known =
    typeof chindings === 'string' &&
    stream !== undefined &&
    (internals[lsCacheSym] as Record<number, string>)[INFO] === `{"level":${INFO}` &&
    internals[timeSym] === pino.stdTimeFunctions.epochTime &&
    internals[messageKeySym] === 'msg' &&
    !internals[mixinSym] &&
    !internals[nestedKeySym] &&
    !(internals[formattersSym] as { log?: unknown }).log &&
    !(internals[hooksSym] as { streamWrite?: unknown }).streamWrite;
  if (!known) return;
  return (fields: AccessFields) => {
    const time = Date.now();
    if (stream[needsMetadataGsym] === true) {
      stream.lastLevel = INFO;
      stream.lastObj = fields;
      stream.lastMsg = ACCESS_MESSAGE;
      stream.lastTime = String(time);
      stream.lastLogger = logger;
    }
    stream.write(accessLine(`{"level":${INFO},"time":${time}${chindings}`, fields));
  };
}

/**
 * One info line per answered request: request id, method, route pattern, URL, status, user, milliseconds, and who
 * asked: the client's address (the proxy's X-Forwarded-For with TRUST_PROXY=1) and user agent, so a line alone
 * tells an abuse report's address and device apart. Above info (LOG_LEVEL=warn) the hook is not even installed.
 * Returns what writes a line (for the answers given before Fastify, front-answers.ts), or undefined above info.
 */
export function accessLog(app: FastifyInstance): ((fields: AccessFields) => void) | undefined {
  if (QUIETER_THAN_INFO.has(app.log.level)) return undefined;
  // Every field of the line is made here (the URL masked above), so it skips the redaction every other line goes
  // through: pino's wildcard paths cost about 5 µs a line, more than the rest of the line and its write together.
  const access = app.log.child({}, { redact: [] });
  const write = directWriter(access) ?? ((fields: AccessFields) => access.info(fields, ACCESS_MESSAGE));
  app.addHook('onResponse', (request, reply, done) => {
    // Fastify builds routeOptions anew at each read.
    const route = request.routeOptions;
    write({
      [REQUEST_ID_LOG_LABEL]: request.id,
      method: request.method,
      route: route.url,
      url: loggableUrl(request.url, route.config?.unloggedQuery),
      status: reply.statusCode,
      userId: request.session?.userId,
      operator: request.operator || undefined,
      ip: request.ip,
      ua: userAgentOf(request.headers),
      ms: Math.round(reply.elapsedTime * 10) / 10,
    });
    done();
  });
  return write;
}

/**
 * A request's `request.log`, made the first time something logs through it. Fastify makes a pino child per request
 * for it, and the child's bindings go through the base logger's wildcard redaction: about 5 µs of every cached
 * read, while most requests log nothing through it (their access line is written apart, above).
 */
class RequestLogger implements FastifyBaseLogger {
  #made?: FastifyBaseLogger;
  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}
  /** The request's pino child, made on first use. */
  get logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }
  get level() {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.logger.level = level;
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
  // On the prototype, below: an instance is made for every request.
  declare fatal: LogFn;
  declare error: LogFn;
  declare warn: LogFn;
  declare info: LogFn;
  declare debug: LogFn;
  declare trace: LogFn;
  declare silent: LogFn;
}
for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const) {
  // pino's log functions are overloaded; each is handed its arguments as given.
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: Parameters<LogFn>) {
    this.logger[level](...args);
  } as LogFn;
}

const lazyRequestLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) =>
  new RequestLogger(logger, bindings, options);

/**
 * The request logging options of both apps: each request's log lines carry `request_id`, Fastify's own two lines
 * per request (each with the request serialized) give way to the one flat access line, and `request.log` is made
 * only when used.
 */
export const requestLogging = () => ({
  logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: REQUEST_ID_LOG_LABEL }),
  childLoggerFactory: lazyRequestLogger,
});
