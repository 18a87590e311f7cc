import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminAuditListSchema } from '@app/contracts';
import { answers } from '../http/answers.ts';
import { recentAudit } from './audit.service.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** The audit trail of operator actions, newest first. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }),
        response: answers(adminAuditListSchema),
      },
    },
    async (request, reply) => {
      const rows = await recentAudit(db, request.query.limit);
      return reply.ok({
        items: rows.map((r) => ({
          id: r.id,
          operator: r.operator,
          action: r.action,
          target: r.target,
          reason: r.reason,
          details: r.details,
          created_at: seconds(r.createdAt),
        })),
      });
    },
  );
};
