import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import {
  adminInviteCreateBodySchema,
  adminOutboxQuerySchema,
  adminReasonBodySchema,
  adminUserListQuerySchema,
  type AdminInviteCode,
  type AdminOutboxItem,
  type AdminUser,
} from '@app/contracts';
import type { Db } from '../db/client.ts';
import { AppError } from '../plugins/app-error.ts';
import { users } from '../modules/users/users.table.ts';
import { outbox } from '../modules/messaging/outbox.table.ts';
import { audit, recentAudit } from '../modules/audit/audit.service.ts';
import { revokeUserSessions } from '../modules/auth/sessions.ts';
import { createInviteCode } from '../modules/invites/invites.service.ts';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const idParams = z.object({ id: z.coerce.number().int().positive() });

function toAdminUser(u: typeof users.$inferSelect): AdminUser {
  return {
    id: u.id,
    account: u.account,
    phone: u.phone,
    invite_code: u.inviteCode,
    inviter_id: u.inviterId,
    locked: u.locked,
    is_vip: u.isVip,
    real_name_state: u.realNameState,
    created_at: seconds(u.createdAt),
  };
}

/** Operator actions. None of them changes a balance; each one is audited with who, when, what and why. */
export const adminRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get('/admin/users', { schema: { querystring: adminUserListQuerySchema } }, async (request, reply) => {
    const { q, page, size } = request.query;
    const filter: SQL | undefined = q
      ? or(ilike(users.account, `%${escapeLike(q)}%`), ilike(users.phone, `%${escapeLike(q)}%`))
      : undefined;
    const rows = await db
      .select()
      .from(users)
      .where(filter)
      .orderBy(desc(users.id))
      .limit(size)
      .offset((page - 1) * size);
    const [total] = await db.select({ n: count() }).from(users).where(filter);
    return reply.ok({ items: rows.map(toAdminUser), total: Number(total?.n ?? 0) });
  });

  for (const locked of [true, false]) {
    const action = locked ? 'lock' : 'unlock';
    app.post(
      `/admin/users/:id/${action}`,
      { schema: { params: idParams, body: adminReasonBodySchema } },
      async (request, reply) => {
        const { id } = request.params;
        const updated = await db.transaction(async (tx) => {
          const [row] = await tx.update(users).set({ locked }).where(eq(users.id, id)).returning();
          if (!row) throw new AppError('user_not_found');
          if (locked) await revokeUserSessions(tx, id);
          await audit(tx, {
            operator: request.operator,
            action: `user.${action}`,
            target: `user:${id}`,
            reason: request.body.reason,
            ip: request.ip,
          });
          return row;
        });
        return reply.ok(toAdminUser(updated), 'operation_succeeded');
      },
    );
  }

  app.get('/admin/sms-outbox', { schema: { querystring: adminOutboxQuerySchema } }, async (request, reply) => {
    const { recipient, limit } = request.query;
    const rows = await db
      .select()
      .from(outbox)
      .where(recipient ? eq(outbox.recipient, recipient) : undefined)
      .orderBy(desc(outbox.id))
      .limit(limit);
    // Reading live verification codes is sensitive, so it is audited like any other action.
    await audit(db, {
      operator: request.operator,
      action: 'outbox.read',
      target: recipient ? `phone:${recipient}` : 'outbox',
      reason: String(request.headers['x-reason'] ?? 'read outbox'),
      details: { count: rows.length },
      ip: request.ip,
    });
    const items: AdminOutboxItem[] = rows.map((r) => ({
      id: r.id,
      channel: r.channel,
      recipient: r.recipient,
      body: r.body,
      created_at: seconds(r.createdAt),
    }));
    return reply.ok({ items });
  });

  app.post('/admin/invite-codes', { schema: { body: adminInviteCreateBodySchema } }, async (request, reply) => {
    const created = await db.transaction(async (tx) => {
      const row = await createInviteCode(tx, {
        ownerUserId: null,
        maxUses: request.body.max_uses ?? null,
        createdBy: request.operator,
      });
      await audit(tx, {
        operator: request.operator,
        action: 'invite.create',
        target: `invite:${row!.code}`,
        reason: request.body.reason,
        details: { max_uses: request.body.max_uses ?? null },
        ip: request.ip,
      });
      return row!;
    });
    const code: AdminInviteCode = {
      code: created.code,
      owner_user_id: created.ownerUserId,
      max_uses: created.maxUses,
      uses: created.uses,
      disabled: created.disabled,
      created_at: seconds(created.createdAt),
    };
    return reply.ok(code, 'added');
  });

  app.get(
    '/admin/audit',
    { schema: { querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(50) }) } },
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

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);
