import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminAuditExportSchema, adminAuditListSchema, adminAuditSearchSchema } from '@app/contracts';
import { answers } from '../http/answers.ts';
import { exportRoute, utc } from './csv-export.ts';
import { searchAudit } from './audit.service.ts';
import { auditItem } from './audit-item.ts';

/** The audit trail of operator actions, newest first: filtered by operator, action, target and time; exported. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/audit',
    {
      config: { access: 'audit.read' },
      schema: {
        summary: 'The audit log',
        querystring: adminAuditSearchSchema,
        response: answers(adminAuditListSchema),
      },
    },
    async (request, reply) => {
      const { page, size, ...filter } = request.query;
      const { rows, total } = await searchAudit(db, filter, { limit: size, offset: (page - 1) * size });
      return reply.ok({
        items: rows.map(auditItem),
        total,
        page,
      });
    },
  );
  exportRoute(app, {
    url: '/admin/audit/export',
    access: 'audit.read',
    querystring: adminAuditExportSchema,
    description: 'The audit log as CSV (UTF-8, BOM)',
    list: 'audit',
    read: async (q, limit) => (await searchAudit(db, q, { limit, offset: 0 })).rows,
    columns: [
      'id',
      ['time_utc', (r) => utc(r.createdAt)],
      'operator',
      'action',
      'target',
      'reason',
      ['details', (r) => JSON.stringify(r.details)],
      'ip',
      'credential',
      ['token_id', (r) => r.tokenId],
    ],
  });
};
