import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { currentUser } from '../../plugins/authenticate.ts';
import { pnlQuerySchema } from '@app/contracts';
import { practiceAccount, resetPractice } from './practice.service.ts';
import { pnlOf } from '../pnl/pnl.service.ts';

/** The practice (virtual money) account: its balance, and a reset to the starting balance once a day. */
export const practiceRoutes: FastifyPluginAsyncZod<{ db: Db; tz: string; now?: () => number }> = async (
  app,
  { db, tz, now: clock },
) => {
  const now = clock ?? (() => Math.floor(Date.now() / 1000));
  app.addHook('onRequest', app.requireUser);

  app.get('/api/user/practice', async (request, reply) =>
    reply.ok(await practiceAccount(db, currentUser(request).userId, now(), tz)),
  );
  app.post('/api/user/practice/reset', async (request, reply) =>
    reply.ok(await resetPractice(db, currentUser(request).userId, now(), tz), 'practice_reset_done'),
  );
  /** "My trading": results by day, product and period, computed from the orders of one mode. */
  app.get('/api/user/pnl', { schema: { querystring: pnlQuerySchema } }, async (request, reply) =>
    reply.ok(await pnlOf(db, currentUser(request).userId, request.query.mode, now(), tz)),
  );
};
