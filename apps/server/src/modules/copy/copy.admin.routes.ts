import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { adminChainVerificationListSchema, adminLeaderListSchema, type AdminLeader } from '@app/contracts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { verifyLeader, verifyRecord } from './copy-verify.ts';
import { accountOf } from '../users/index.ts';

const verifyQuery = z
  .object({
    leader_id: z.coerce.number().int().positive().optional(),
    record_id: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => (q.leader_id === undefined) !== (q.record_id === undefined), { message: 'invalid_request' });

/**
 * Copy trading for operators: read-only. They can list leaders and re-check records; there is no route that
 * edits a record, an entry, a leader's figures or a follower's copy (the chain is append-only in the database
 * besides).
 */
export const adminCopyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/admin/copy/leaders',
    {
      config: { access: 'catalogue.edit' },
      schema: { summary: 'List copy-trading leaders', response: answers(adminLeaderListSchema) },
    },
    async (_request, reply) => {
      const rows = await db.execute<{
        leader_id: string;
        user_id: string;
        account: string;
        display_name: string;
        status: 'active' | 'retired';
        records: number;
        current_record_id: string | null;
        orders: number;
        followers: number;
        created_at: Date;
      }>(sql`
      SELECT l.id AS leader_id, l.leader_user_id AS user_id, ${accountOf(sql`l.leader_user_id`)} AS account, l.display_name, l.status,
        (SELECT count(*) FROM copy_records r WHERE r.leader_id = l.id)::int AS records,
        (SELECT r.id FROM copy_records r WHERE r.leader_id = l.id AND r.status = 'active') AS current_record_id,
        (SELECT count(*) FROM copy_records r JOIN copy_record_entries e ON e.record_id = r.id AND e.kind = 'open'
          WHERE r.leader_id = l.id)::int AS orders,
        (SELECT count(*) FROM copy_subscriptions s WHERE s.leader_id = l.id AND s.status <> 'stopped')::int AS followers,
        l.created_at
      FROM copy_leaders l ORDER BY l.id`);
      const items: AdminLeader[] = rows.rows.map((r) => ({
        leader_id: Number(r.leader_id),
        user_id: Number(r.user_id),
        account: r.account,
        display_name: r.display_name,
        status: r.status,
        records: r.records,
        current_record_id: r.current_record_id === null ? null : Number(r.current_record_id),
        orders: r.orders,
        followers: r.followers,
        created_at: Math.floor(new Date(r.created_at).getTime() / 1000),
      }));
      return reply.ok({ items, total: items.length });
    },
  );

  /** Re-checks one record (record_id) or every record of a leader (leader_id). */
  app.get(
    '/admin/copy/verify',
    {
      config: { access: 'catalogue.edit' },
      schema: {
        summary: 'Re-check copy records against their orders',
        querystring: verifyQuery,
        response: answers(adminChainVerificationListSchema),
      },
    },
    async (request, reply) => {
      const { leader_id: leaderId, record_id: recordId } = request.query;
      const results =
        recordId !== undefined
          ? [await verifyRecord(db, recordId)].filter((r) => r !== null)
          : await verifyLeader(db, leaderId!);
      if (results.length === 0) throw new AppError('no_data');
      return reply.ok({ items: results, ok: results.every((r) => r.ok) });
    },
  );
};
