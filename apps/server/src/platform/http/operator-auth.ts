import { createHash, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { roleAllows, type OperatorRole, type Permission } from '@app/contracts';
import { AppError } from './app-error.ts';
import { requireRouteDeclarations } from './route-declarations.ts';
import { runActingScope, setActingCredential } from './acting-credential.ts';

/** The operator a request comes from: a console session (cookie) or a per-operator API token. */
export type OperatorIdentity = {
  id: number;
  name: string;
  /** The session's operator's role, or the token's (never wider than its operator's). */
  role: OperatorRole;
  via: 'session' | 'token';
  sessionId: number | null;
  tokenId: number | null;
};

/**
 * What an operator route asks of the caller: a permission of the caller's role; `signed-in`, any operator;
 * `public`, nobody (signing in, accepting an invitation); `shared-token`, the ADMIN_TOKEN only (bootstrapping
 * the first admin, and the metrics scrape).
 */
export type RouteAccess = Permission | 'signed-in' | 'public' | 'shared-token';

/** The operators module answers who a request is (admin-app.ts passes its lookup in); null for nobody. */
export type ResolveOperator = (request: FastifyRequest) => Promise<OperatorIdentity | null>;

declare module 'fastify' {
  interface FastifyRequest {
    /** The authenticated operator's name: what the audit log and the four-eyes checks record. */
    operator: string;
    operatorIdentity: OperatorIdentity | null;
  }
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** The operator behind a request that passed the guard (routes other than public and shared-token ones). */
export function currentOperator(request: FastifyRequest): OperatorIdentity {
  if (!request.operatorIdentity) throw new AppError('login_required');
  return request.operatorIdentity;
}

/**
 * Every operator route declares its access (config.access), or the app refuses to start; each request is
 * then let through only by that rule. Nobody acts by naming themselves: the name comes from the session or
 * the token.
 */
export const operatorAuth = fp<{
  resolve: ResolveOperator;
  sharedToken: string;
  isApi: (url: string) => boolean;
  /** Files anyone may fetch (the console's own static files: they hold no data; every call they make is checked). */
  isPublicFile?: (url: string) => boolean;
  /**
   * Counts a check of the shared token from an address before it is made, and refuses when too many were wrong
   * (the operators' secret counter, which admin-app.ts passes in: it lives in a module). The default only compares.
   */
  countedCheck?: (ip: string, verify: () => Promise<boolean>) => Promise<boolean>;
}>(
  async (
    app,
    { resolve, sharedToken, isApi, isPublicFile = () => false, countedCheck = (_ip, verify) => verify() },
  ) => {
    const expected = digest(sharedToken);
    app.decorateRequest('operator', '');
    app.decorateRequest('operatorIdentity', null);

    requireRouteDeclarations(app, {
      isApi,
      declares: (route) => Boolean(route.config?.access),
      missing: 'operator routes without an access rule',
    });

    // A callback hook, so the scope holds for the rest of the request (the hooks after it and the handler).
    app.addHook('onRequest', (_request, _reply, done) => runActingScope(done));
    app.addHook('onRequest', async (request) => {
      const access = request.routeOptions.config.access;
      // Unknown paths answer not_found; the docs need a signed-in operator like any other route.
      if (access === 'public') return;
      if (access === 'shared-token') {
        const header = request.headers.authorization ?? '';
        const given = header.startsWith('Bearer ') ? header.slice(7) : '';
        if (!given) throw new AppError('login_required');
        // ADMIN_TOKEN may be one an installer chose: each guess is counted, like a password's.
        if (!(await countedCheck(request.ip, async () => timingSafeEqual(digest(given), expected))))
          throw new AppError('login_required');
        request.operator = 'bootstrap';
        setActingCredential({ kind: 'shared-token', tokenId: null });
        return;
      }
      if (access === undefined && (request.is404 || isPublicFile(request.url))) return;
      const identity = await resolve(request);
      if (!identity) throw new AppError('login_required');
      request.operatorIdentity = identity;
      request.operator = identity.name;
      setActingCredential({ kind: identity.via, tokenId: identity.tokenId });
      if (access && access !== 'signed-in' && !roleAllows(identity.role, access))
        throw new AppError('permission_denied');
    });
  },
  { name: 'operator-auth' },
);
