import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** The user a session token stands for, as a request carries it. */
export type SessionUser = { sessionId: number; userId: number; locked: boolean };
/** The live session a token names, or null (the auth module answers it; app.ts passes its lookup in). */
export type FindSession = (token: string) => Promise<SessionUser | null>;

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | null;
    /** The token header, for a route that checks the session itself (requireToken). */
    sessionToken: string | null;
  }
  interface FastifyInstance {
    /** preHandler for routes that need a logged-in, unlocked user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /**
     * onRequest for a route that checks the session in its own transaction (order placement, where the lookup
     * was a round trip of its own before every order): a token must be sent; whether it names a live session of
     * an unlocked user, the route decides, with the same refusals as requireUser.
     */
    requireToken: (request: FastifyRequest) => Promise<void>;
  }
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('login_required');
  return request.session;
}

export function currentToken(request: FastifyRequest): string {
  if (!request.sessionToken) throw new AppError('login_required');
  return request.sessionToken;
}

/**
 * The session a token names (null: it names none), or why a signed-in request is refused with it. Every session
 * check answers the same: requireUser before a route, order placement inside its batch.
 */
export function checkSession(session: SessionUser | null): SessionUser | AppError {
  if (!session) return new AppError('session_expired');
  if (session.locked) return new AppError('account_locked');
  return session;
}

const tokenOf = (request: FastifyRequest) => {
  const token = request.headers.token;
  return (Array.isArray(token) ? token[0] : token) || null;
};

export const authenticatePlugin = fp<{ findSession: FindSession }>(
  async (app, { findSession }) => {
    app.decorateRequest('session', null);
    app.decorateRequest('sessionToken', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const value = tokenOf(request);
      if (!value) throw new AppError('login_required');
      const session = checkSession(await findSession(value));
      if (session instanceof AppError) throw session;
      request.session = session;
    });
    app.decorate('requireToken', async (request: FastifyRequest) => {
      request.sessionToken = tokenOf(request);
      if (!request.sessionToken) throw new AppError('login_required');
    });
  },
  { name: 'authenticate', dependencies: ['envelope'] },
);
