import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operator: string;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Bearer-token check for the operator API. The operator's name comes from X-Operator (the CLI sends the
 * login name) and is what the audit log records as "who".
 */
export function operatorGuard(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !timingSafeEqual(digest(given), expected)) throw new AppError('login_required');
    const name = String(request.headers['x-operator'] ?? 'operator').trim();
    request.operator = /^[\w.@-]{1,64}$/.test(name) ? name : 'operator';
  };
}
