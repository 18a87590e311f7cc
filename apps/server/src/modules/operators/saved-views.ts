import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  roleAllows,
  SAVED_VIEWS_MAX,
  savedViewBodySchema,
  savedViewIdParamsSchema,
  savedViewListQuerySchema,
  savedViewListSchema,
  savedViewSchema,
  type Permission,
  type SavedView,
  type SavedViewQueue,
} from '@app/contracts';
import type { Db } from '../../platform/db/client.ts';
import { answers } from '../../platform/http/answers.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { currentOperator } from '../../platform/http/operator-auth.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { operatorSavedViews } from './operators.table.ts';

/** Who may keep views of a queue: whoever may work it. */
const QUEUE_PERMISSION: Record<SavedViewQueue, Permission> = {
  deposits: 'money.review',
  withdrawals: 'money.review',
  kyc: 'kyc.review',
};

type Row = typeof operatorSavedViews.$inferSelect;
const toView = (r: Row): SavedView => ({
  id: r.id,
  queue: r.queue as SavedViewQueue,
  name: r.name,
  query: r.query,
  created_at: seconds(r.createdAt),
});

export async function listSavedViews(db: Db, operatorId: number, queue: SavedViewQueue) {
  const rows = await db
    .select()
    .from(operatorSavedViews)
    .where(and(eq(operatorSavedViews.operatorId, operatorId), eq(operatorSavedViews.queue, queue)))
    .orderBy(asc(operatorSavedViews.name));
  return rows.map(toView);
}

/** Saves (or, under a name already used for the queue, replaces) a view; at most SAVED_VIEWS_MAX per queue. */
export async function saveView(
  db: Db,
  operatorId: number,
  view: { queue: SavedViewQueue; name: string; query: string },
): Promise<SavedView> {
  return db.transaction(async (tx) => {
    const mine = and(eq(operatorSavedViews.operatorId, operatorId), eq(operatorSavedViews.queue, view.queue));
    const [replaced] = await tx
      .update(operatorSavedViews)
      .set({ query: view.query })
      .where(and(mine, eq(operatorSavedViews.name, view.name)))
      .returning();
    if (replaced) return toView(replaced);
    const [held] = await tx.select({ n: count() }).from(operatorSavedViews).where(mine);
    if (Number(held?.n ?? 0) >= SAVED_VIEWS_MAX) throw new AppError('invalid_request', { field: 'name' });
    const [row] = await tx
      .insert(operatorSavedViews)
      .values({ operatorId, ...view })
      .onConflictDoUpdate({
        target: [operatorSavedViews.operatorId, operatorSavedViews.queue, operatorSavedViews.name],
        set: { query: view.query },
      })
      .returning();
    return toView(row!);
  });
}

export async function deleteView(db: Db, operatorId: number, id: number) {
  const [gone] = await db
    .delete(operatorSavedViews)
    .where(and(eq(operatorSavedViews.id, id), eq(operatorSavedViews.operatorId, operatorId)))
    .returning({ id: operatorSavedViews.id });
  // Another operator's view is not there for this one.
  if (!gone) throw new AppError('no_data');
}

/**
 * An operator's saved views of the triage queues. A view is the operator's own way of looking at a queue (like
 * the console's language): saving or deleting one changes nothing on the platform and nobody else sees it, so it
 * asks no reason and is not an audited act. Each operator reads and changes only their own.
 */
export const adminSavedViewRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const mayWork = (request: Parameters<typeof currentOperator>[0], queue: SavedViewQueue) => {
    const who = currentOperator(request);
    if (!roleAllows(who.role, QUEUE_PERMISSION[queue])) throw new AppError('permission_denied');
    return who;
  };

  app.get(
    '/admin/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'List my saved views of a queue',
        querystring: savedViewListQuerySchema,
        response: answers(savedViewListSchema),
      },
    },
    async (request, reply) => {
      const who = mayWork(request, request.query.queue);
      return reply.ok({ items: await listSavedViews(db, who.id, request.query.queue) });
    },
  );
  app.post(
    '/admin/saved-views',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: "Save a queue's filters as a named view",
        body: savedViewBodySchema,
        response: answers(savedViewSchema),
      },
    },
    async (request, reply) => {
      const who = mayWork(request, request.body.queue);
      return reply.ok(await saveView(db, who.id, request.body), 'operation_succeeded');
    },
  );
  app.post(
    '/admin/saved-views/:id/delete',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Delete one of my saved views',
        params: savedViewIdParamsSchema,
        response: answers(z.null()),
      },
    },
    async (request, reply) => {
      await deleteView(db, currentOperator(request).id, request.params.id);
      return reply.ok(null, 'deleted');
    },
  );
};
