import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../platform/db/client.ts';
import type { ResolveOperator } from '../../platform/http/operator-auth.ts';
import { tokenOperator } from './api-tokens.service.ts';
import { sessionOperator } from './operator-sessions.ts';

/** The console's session cookie: HttpOnly and SameSite=Strict, on the admin origin only. */
export const SESSION_COOKIE = 'op_session';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Who a request to the operator API comes from: a per-operator API token (Authorization: Bearer opk_…) or
 * the console's session cookie with, for a change, its X-CSRF-Token. Nothing else names an operator.
 */
export function resolveOperator(db: DbOrTx): ResolveOperator {
  return async (request) => {
    const authorization = header(request, 'authorization') ?? '';
    if (authorization.startsWith('Bearer ')) return tokenOperator(db, authorization.slice(7).trim());
    const cookie = request.cookies?.[SESSION_COOKIE];
    if (!cookie) return null;
    const isChange = request.method !== 'GET' && request.method !== 'HEAD';
    return sessionOperator(db, cookie, header(request, 'x-csrf-token'), isChange);
  };
}
