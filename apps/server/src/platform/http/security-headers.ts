import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's security headers (CSP and the rest) on every answer. The middleware is built once, here:
 * @fastify/helmet builds it again for each request, parsing the CSP directives every time, which showed as a
 * few per cent of the server's time on the busiest routes.
 */
export const securityHeaders = fp<HelmetOptions>(
  async (app, options) => {
    const apply = helmet(options);
    app.addHook('onRequest', (request, reply, done) =>
      apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined)),
    );
  },
  { name: 'security-headers' },
);
