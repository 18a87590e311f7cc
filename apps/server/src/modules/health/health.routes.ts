import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export const healthRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get('/api/health', async (_request, reply) => {
    await db.execute(sql`SELECT 1`);
    return reply.ok({ status: 'ok', time: Math.floor(Date.now() / 1000) });
  });
};
