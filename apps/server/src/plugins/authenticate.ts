import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { findSession, type SessionUser } from '../modules/auth/sessions.ts';

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

export const authenticatePlugin = fp<{ db: Db }>(
  async (app, { db }) => {
    app.decorateRequest('session', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = request.headers.token;
      const value = Array.isArray(token) ? token[0] : token;
      if (!value) throw new AppError('login_required');
      const session = await findSession(db, value);
      if (!session) throw new AppError('session_expired');
      if (session.locked) throw new AppError('account_locked');
      request.session = session;
    });
  },
  { name: 'authenticate', dependencies: ['envelope'] },
);
