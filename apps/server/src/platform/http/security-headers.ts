import fp from 'fastify-plugin';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Powerful features no page of the app or the console uses, refused to every frame. Left out on purpose: the
 * clipboard (invitation codes, deposit accounts are copied), Web Share (the invitation poster) and fullscreen.
 * The receipt upload is a file input, which opens the phone's own camera app without the camera feature.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

/**
 * What an API answer carries instead of a page's headers. A JSON answer is never a page: a page's CSP, its
 * Permissions-Policy, COOP and the rest govern nothing in it, and together they were a kilobyte on every answer,
 * each header validated and copied by Node on every request. What stays keeps the answer from being run as a
 * page if one is opened (a CSP that allows nothing), sniffed as HTML, framed, or read by another origin's no-cors
 * request (OWASP's REST Security Cheat Sheet, "Security headers").
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['cross-origin-resource-policy', 'same-origin'],
];

export type SecurityHeadersOptions = {
  /** Helmet's options for the pages and files (every answer `isApi` does not name). */
  page: HelmetOptions;
  /** The URLs that answer an API call (API_HEADERS): never a page, and never the API's own documentation page. */
  isApi: (url: string) => boolean;
};

/**
 * Helmet's security headers (CSP and the rest) and the Permissions-Policy on every page and file, API_HEADERS on
 * every API answer. The middleware is built once, here: @fastify/helmet builds it again for each request, parsing
 * the CSP directives every time, which showed as a few per cent of the server's time on the busiest routes.
 * Strict-Transport-Security is never sent from here: the TLS edge (deploy/nginx) owns it, and two differing copies
 * left browsers to pick one.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(
  async (app, { page, isApi }) => {
    // Helmet's types allow each header under one of its two names; the callers never name this one.
    const pageHeaders = helmetHeaders({ ...page, strictTransportSecurity: false } as HelmetOptions);
    pageHeaders.push(['permissions-policy', PERMISSIONS_POLICY]);
    app.addHook('onRequest', (request, reply, done) => {
      for (const [name, value] of isApi(request.url) ? API_HEADERS : pageHeaders) reply.raw.setHeader(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);

/**
 * The headers helmet sets, found once by running its middleware against a recorder. Its options here hold no
 * per-request part (no nonce function), so every answer gets the same list; running helmet's chain of eleven
 * middlewares on each request cost more than the rest of a cached read's hooks together.
 */
export function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value)),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let done = false;
  helmet(options)({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
    done = true;
  });
  // Helmet calls back at once; one that did not would be a helmet whose headers depend on the request.
  if (!done) throw new Error('helmet did not finish synchronously: its headers cannot be computed once');
  return [...headers];
}

/**
 * `Cache-Control: no-store` on the answers `isPrivate` names, unless the route chose its own: what a signed-in
 * user or an operator is answered must not be kept by a browser, a shared proxy or a CDN. Set on the raw response
 * before the route runs, so a route's own header (Fastify's or the raw one) replaces it; and not in an onSend
 * hook, which would send every answer of the app through Fastify's onSend runner.
 */
export function noStore(app: FastifyInstance, isPrivate: (url: string, headers: IncomingHttpHeaders) => boolean) {
  app.addHook('onRequest', (request, reply, done) => {
    if (isPrivate(request.url, request.headers)) reply.raw.setHeader('cache-control', 'no-store');
    done();
  });
}
