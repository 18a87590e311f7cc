import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { reasonSchema } from '@app/contracts';
import type { Db } from '../db/client.ts';
import { AppError } from '../plugins/app-error.ts';
import { audit } from '../modules/audit/audit.service.ts';
import {
  contentCreateSchema,
  contentEditSchema,
  contentListQuery,
  contentPublishSchema,
  createContent,
  editContent,
  listAllContent,
  setContentState,
} from '../modules/content/content-admin.ts';
import { engageChangeSchema, engageView, loadEngage, saveEngage } from '../modules/content/engage-settings.ts';
import { postInboxMessage, postToEveryone } from '../modules/inbox/inbox.service.ts';
import { adminConversation, operatorReplies, supportInbox } from '../modules/support/support.service.ts';
import { users } from '../modules/users/users.table.ts';

const idParams = z.object({ id: z.coerce.number().int().positive() });
const now = () => Math.floor(Date.now() / 1000);

const messageSchema = z
  .object({
    reason: reasonSchema,
    /** One user, or `all: true` for every user who exists now. */
    user_id: z.coerce.number().int().positive().optional(),
    all: z.boolean().optional(),
    title: z.string().trim().min(1).max(120),
    body: z.string().trim().min(1).max(2000),
  })
  .refine((b) => (b.user_id !== undefined) !== (b.all === true), { message: 'give user_id or all, not both' });

/**
 * Operators: content (create, edit, schedule, publish, withdraw), public settings, inbox messages and
 * customer-service answers. Every change is audited in its own transaction.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  const actor = (request: { operator: string; ip: string }) => ({ operator: request.operator, ip: request.ip });

  app.get('/admin/content', { schema: { querystring: contentListQuery } }, async (request, reply) =>
    reply.ok({ items: await listAllContent(db, request.query.kind) }),
  );
  app.post('/admin/content', { schema: { body: contentCreateSchema } }, async (request, reply) =>
    reply.ok(await createContent(db, request.body, actor(request), now()), 'operation_succeeded'),
  );
  app.post('/admin/content/:id', { schema: { params: idParams, body: contentEditSchema } }, async (request, reply) =>
    reply.ok(await editContent(db, request.params.id, request.body, actor(request)), 'operation_succeeded'),
  );
  for (const action of ['publish', 'withdraw'] as const) {
    app.post(
      `/admin/content/:id/${action}`,
      { schema: { params: idParams, body: contentPublishSchema } },
      async (request, reply) =>
        reply.ok(
          await setContentState(db, request.params.id, action, request.body, actor(request), now()),
          'operation_succeeded',
        ),
    );
  }

  app.get('/admin/engage-settings', async (_request, reply) => reply.ok(engageView(await loadEngage(db))));
  app.post(
    '/admin/engage-settings',
    { schema: { body: engageChangeSchema.extend({ reason: reasonSchema }) } },
    async (request, reply) => {
      const { reason, ...change } = request.body;
      const saved = await db.transaction(async (tx) => {
        const before = engageView(await loadEngage(tx));
        await saveEngage(tx, change);
        const after = engageView(await loadEngage(tx));
        await audit(tx, {
          operator: request.operator,
          action: 'engage.settings',
          target: 'engage-settings',
          reason,
          details: { before, after },
          ip: request.ip,
        });
        return after;
      });
      return reply.ok(saved, 'operation_succeeded');
    },
  );

  app.post('/admin/messages', { schema: { body: messageSchema } }, async (request, reply) => {
    const b = request.body;
    const reference = `operator:${Date.now()}:${Math.random().toString(36).slice(2, 10)}`;
    const sent = await db.transaction(async (tx) => {
      let n: number;
      if (b.all) n = await postToEveryone(tx, { params: { title: b.title, body: b.body }, reference });
      else {
        const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, b.user_id!));
        if (!user) throw new AppError('user_not_found');
        n = (await postInboxMessage(tx, {
          userId: user.id,
          kind: 'operator',
          params: { title: b.title, body: b.body },
          reference,
        }))
          ? 1
          : 0;
      }
      await audit(tx, {
        operator: request.operator,
        action: 'message.send',
        target: b.all ? 'users:all' : `user:${b.user_id}`,
        reason: b.reason,
        details: { title: b.title, recipients: n, reference },
        ip: request.ip,
      });
      return n;
    });
    return reply.ok({ recipients: sent, reference }, 'operation_succeeded');
  });

  app.get('/admin/support', async (_request, reply) => reply.ok({ items: await supportInbox(db) }));
  app.get('/admin/support/:id', { schema: { params: idParams } }, async (request, reply) =>
    reply.ok({ items: await adminConversation(db, request.params.id) }),
  );
  app.post(
    '/admin/support/:id',
    { schema: { params: idParams, body: z.object({ body: z.string().trim().min(1).max(2000) }) } },
    async (request, reply) =>
      reply.ok(
        await operatorReplies(db, {
          userId: request.params.id,
          body: request.body.body,
          operator: request.operator,
          ip: request.ip,
        }),
        'operation_succeeded',
      ),
  );
};
