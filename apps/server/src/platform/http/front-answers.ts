import http, { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import proxyAddr from '@fastify/proxy-addr';
import type { Language } from '@app/contracts';
import { languageOf } from './envelope.ts';
import { encodingOf, PREPARED_CONTENT_TYPE, type Encoding, type PreparedBody } from './prepared-answer.ts';
import { type AccessFields, loggableUrl, userAgentOf } from './request-log.ts';
import { REQUEST_ID_HEADER, REQUEST_ID_LOG_LABEL } from './request-id.ts';
import type { RequestRecorder } from '../metrics/request-metrics.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The public app's answers given before routing (app.ts); other apps have none. */
    front?: FrontAnswers;
  }
}

/** A URL's answer, already made, in a language and an encoding while it holds; undefined once it must be made anew. */
export type HeldAnswer = (lang: Language, encoding: Encoding) => PreparedBody | undefined;

export type FrontAnswersOptions = {
  /** The app's `trustProxy` (TRUST_PROXY): whose address the access line names, as Fastify's `request.ip`. */
  trustProxy: boolean;
  /** The app's request ids (requestIdOptions.genReqId). */
  requestId: (raw: IncomingMessage) => string;
  /** The security headers of an API answer (API_HEADERS), set first, as the app's onRequest hook sets them. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** Whether an answer is a signed-in user's (`Cache-Control: no-store`), as the app's noStore hook decides it. */
  isPrivate: (url: string, headers: IncomingHttpHeaders) => boolean;
};

/** Where a served answer is reported: the access line and the request metrics, as the app's onResponse hooks do. */
export type FrontReports = {
  access?: ((fields: AccessFields) => void) | undefined;
  /** What counts a method and route's answers (Metrics.requestRecorder). */
  recorder?: ((method: string, route: string) => RequestRecorder) | undefined;
};

type Held = { route: string; answer: HeldAnswer; record: RequestRecorder | undefined };

/** URLs held at once; past it the list starts over (a client chooses its URLs, and may send many). */
const MAX_HELD = 2_000;

/**
 * The answers the HTTP server gives before Fastify sees a request: the public reads every client polls (the
 * quotes, the latest prices, the candles, the health probe), once their route has answered the same URL and while
 * the bytes it made still hold. Their answer is then a lookup and a write: Fastify's path of a request (routing, the
 * request and reply objects, four onRequest hooks, the query's validation, two onResponse hooks, the reply's send
 * path) was more than a third of such a read's CPU, spread over all of it (docs/benchmarks.md, "Reads answered
 * before routing"), while a bare Node server sending the same bytes and headers cost what Fastify's hello world does.
 *
 * What is answered here is what the route answered: the route itself validated the URL and made the bytes, and
 * holds them only for a 200. The answer carries the headers the app's hooks would set (security headers, request
 * id, no-store for a signed-in user, the prepared body's type, encoding and Vary), and is logged and counted as the
 * app's onResponse hooks would (front-answers.test.ts compares both paths header for header and line for line).
 * Anything else (another method, a request with a body, a URL not held, a stale answer, a server closing) goes to
 * Fastify as before.
 */
export class FrontAnswers {
  readonly #held = new Map<string, Held>();
  readonly #ip: (raw: IncomingMessage) => string | undefined;
  /** The headers before the request id, as flat name, value lists: a public answer's and a signed-in user's. */
  readonly #publicHead: string[];
  readonly #privateHead: string[];
  /** The headers after it, which belong to the body (type, Vary, encoding, length). */
  readonly #bodyHeads = new WeakMap<PreparedBody, string[]>();
  #reports: FrontReports = {};
  #closing = false;
  #served = 0;

  constructor(private readonly options: FrontAnswersOptions) {
    // As Fastify's request.ip: with trustProxy on, every hop is trusted and the first address the proxy forwards is
    // the client's.
    this.#ip = options.trustProxy ? (raw) => proxyAddr.all(raw, () => true).at(-1) : (raw) => raw.socket.remoteAddress;
    this.#publicHead = options.headers.flat();
    this.#privateHead = [...this.#publicHead, 'cache-control', 'no-store'];
  }

  /** How many requests were answered here (what the tests look at). */
  get served(): number {
    return this.#served;
  }

  /** Where served answers are logged and counted (known once the app and its logger exist). */
  reportTo(reports: FrontReports) {
    this.#reports = reports;
  }

  /** Answers `url` from `answer` while it holds one: `route` is the route's pattern (the line's and the metrics'). */
  hold(url: string, route: string, answer: HeldAnswer) {
    if (this.#held.size >= MAX_HELD && !this.#held.has(url)) this.#held.clear();
    this.#held.set(url, { route, answer, record: this.#reports.recorder?.('GET', route) });
  }

  /** From now on every request goes to Fastify, which answers 503 while it closes. */
  close() {
    this.#closing = true;
  }

  /**
   * Fastify's serverFactory: the HTTP server Fastify would make (the same settings, lib/server.js), whose requests
   * are answered here when they can be.
   */
  readonly serverFactory = (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: Record<string, unknown>,
  ): Server => {
    const server = http.createServer((options.http as http.ServerOptions | undefined) ?? {}, (request, response) => {
      if (!this.#answer(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout as number;
    server.requestTimeout = options.requestTimeout as number;
    server.setTimeout(options.connectionTimeout as number);
    if ((options.maxRequestsPerSocket as number) > 0)
      server.maxRequestsPerSocket = options.maxRequestsPerSocket as number;
    return server;
  };

  #answer(request: IncomingMessage, response: ServerResponse): boolean {
    if (this.#closing || request.method !== 'GET') return false;
    const url = request.url!;
    const held = this.#held.get(url);
    if (held === undefined) return false;
    const headers = request.headers;
    // A GET with a body is Fastify's to read or refuse.
    if (headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined) return false;
    const start = performance.now();
    const body = held.answer(languageOf(headers), encodingOf(headers['accept-encoding']));
    if (body === undefined) return false;

    const id = this.options.requestId(request);
    // One array for writeHead: Node validates and copies each header once, where setHeader would keep each in an
    // object first for writeHead to copy out again. In the order the app's path sends them.
    const first = this.options.isPrivate(url, headers) ? this.#privateHead : this.#publicHead;
    response.writeHead(200, [...first, REQUEST_ID_HEADER, id, ...this.#bodyHead(body)]);
    response.end(body.bytes);
    this.#served += 1;

    const { access } = this.#reports;
    const { record } = held;
    if (access !== undefined || record !== undefined)
      response.once('finish', () => {
        const ms = performance.now() - start;
        record?.(200, ms / 1000);
        access?.({
          [REQUEST_ID_LOG_LABEL]: id,
          method: 'GET',
          route: held.route,
          url: loggableUrl(url),
          status: 200,
          userId: undefined,
          operator: undefined,
          ip: this.#ip(request),
          ua: userAgentOf(headers),
          ms: Math.round(ms * 10) / 10,
        });
      });
    return true;
  }

  /** The headers of a body, made once for the many requests it answers. */
  #bodyHead(body: PreparedBody): string[] {
    let head = this.#bodyHeads.get(body);
    if (head === undefined) {
      head = ['content-type', PREPARED_CONTENT_TYPE, 'vary', 'accept-encoding'];
      if (body.encoding !== 'identity') head.push('content-encoding', body.encoding);
      head.push('content-length', String(body.bytes.length));
      this.#bodyHeads.set(body, head);
    }
    return head;
  }
}
