import type { FastifyServerOptions } from 'fastify';

/** The options of every logger of the server: its level, and what never reaches a line. */
export const loggerOptions = (level: string): FastifyServerOptions['logger'] => ({
  level,
  // Tokens, passwords and codes never reach the log, wherever they appear.
  redact: {
    paths: [
      'req.headers.token',
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.code',
      '*.token',
      '*.id_number',
    ],
    censor: '[redacted]',
  },
});
