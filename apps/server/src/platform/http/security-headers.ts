import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * Helmet's security headers (CSP and the rest) and the Permissions-Policy on every answer. The middleware is
 * built once, here: @fastify/helmet builds it again for each request, parsing the CSP directives every time,
 * which showed as a few per cent of the server's time on the busiest routes. Strict-Transport-Security is never
 * sent from here: the TLS edge (deploy/nginx) owns it, and two differing copies left browsers to pick one.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    // Helmet's types allow each header under one of its two names; the callers never name this one.
    const apply = helmet({ ...options, strictTransportSecurity: false } as HelmetOptions);
    app.addHook('onRequest', (request, reply, done) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
    });
  },
  { name: 'security-headers' },
);

/**
 * `Cache-Control: no-store` on the answers `isPrivate` names, unless the route chose its own: what a signed-in
 * user or an operator is answered must not be kept by a browser, a shared proxy or a CDN.
 */
export function noStore(app: FastifyInstance, isPrivate: (request: FastifyRequest) => boolean) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isPrivate(request) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
