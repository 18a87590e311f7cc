import { count, desc, eq } from 'drizzle-orm';
import type { AdminUserSupport, SupportTopic } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { supportMessages } from './support.table.ts';

/** The user's conversation with customer service, newest first, a page at a time; reading it marks nothing read. */
export async function supportPageForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminUserSupport> {
  const filter = eq(supportMessages.userId, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(supportMessages)
      .where(filter)
      .orderBy(desc(supportMessages.id))
      .limit(q.size)
      .offset((q.page - 1) * q.size),
    db.select({ n: count() }).from(supportMessages).where(filter),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      from: r.author as 'user' | 'operator',
      body: r.body,
      topic: (r.topic as SupportTopic | null) ?? null,
      created_at: Math.floor(r.createdAt.getTime() / 1000),
      operator: r.operator,
    })),
    total: Number(total?.n ?? 0),
    page: q.page,
  };
}
