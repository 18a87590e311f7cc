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
  }
  interface FastifyInstance {
    /** preHandler for routes that need a logged-in, unlocked user. */
    requireUser: (request: FastifyRequest) => Promise<void>;
  }
}

export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.session) throw new AppError('login_required');
  return request.session;
}

export const authenticatePlugin = fp<{ findSession: FindSession }>(
  async (app, { findSession }) => {
    app.decorateRequest('session', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = request.headers.token;
      const value = Array.isArray(token) ? token[0] : token;
      if (!value) throw new AppError('login_required');
      const session = await findSession(value);
      if (!session) throw new AppError('session_expired');
      if (session.locked) throw new AppError('account_locked');
      request.session = session;
    });
  },
  { name: 'authenticate', dependencies: ['envelope'] },
);
