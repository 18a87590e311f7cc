import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { SupportConversation, SupportMessage, SupportTopic } from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { audit } from '../../platform/audit/audit.service.ts';
import { postInboxMessage } from '../inbox/index.ts';
import { users } from '../users/index.ts';
import { supportMessages } from './support.table.ts';

type Row = typeof supportMessages.$inferSelect;

const view = (r: Row): SupportMessage => ({
  id: r.id,
  from: r.author as 'user' | 'operator',
  body: r.body,
  topic: (r.topic as SupportTopic | null) ?? null,
  created_at: Math.floor(r.createdAt.getTime() / 1000),
});

export async function supportUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(supportMessages)
    .where(
      and(eq(supportMessages.userId, userId), eq(supportMessages.author, 'operator'), isNull(supportMessages.readAt)),
    );
  return row?.n ?? 0;
}

/** The user's conversation (latest 200, oldest first) with the unread count before this reading. */
export async function conversation(db: DbOrTx, userId: number): Promise<SupportConversation> {
  const [rows, unread] = await Promise.all([
    db
      .select()
      .from(supportMessages)
      .where(eq(supportMessages.userId, userId))
      .orderBy(desc(supportMessages.id))
      .limit(200),
    supportUnread(db, userId),
  ]);
  return { items: rows.reverse().map(view), unread };
}

/** The user has seen the operators' answers. */
export async function markSupportRead(db: DbOrTx, userId: number) {
  await db
    .update(supportMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(eq(supportMessages.userId, userId), eq(supportMessages.author, 'operator'), isNull(supportMessages.readAt)),
    );
}

export async function userWrites(db: DbOrTx, userId: number, body: string, topic?: SupportTopic) {
  const [row] = await db
    .insert(supportMessages)
    .values({ userId, author: 'user', body, topic: topic ?? null })
    .returning();
  return view(row!);
}

/** An operator's answer: stored, audited and announced in the user's inbox, in one transaction. */
export async function operatorReplies(
  db: Db,
  input: { userId: number; body: string; operator: string; ip?: string },
): Promise<SupportMessage> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
    if (!user) throw new AppError('user_not_found');
    const [row] = await tx
      .insert(supportMessages)
      .values({ userId: input.userId, author: 'operator', operator: input.operator, body: input.body })
      .returning();
    await postInboxMessage(tx, {
      userId: input.userId,
      kind: 'support_reply',
      reference: `support:${row!.id}`,
    });
    await audit(tx, {
      operator: input.operator,
      action: 'support.reply',
      target: `user:${input.userId}`,
      reason: 'customer service answer',
      details: { message: row!.id },
      ...(input.ip ? { ip: input.ip } : {}),
    });
    return view(row!);
  });
}

/** Conversations for operators, those whose last word is the user's (awaiting an answer) first. */
export async function supportInbox(db: DbOrTx, limit = 50) {
  const result = await db.execute(sql`
    SELECT DISTINCT ON (m.user_id) m.user_id, u.account, m.author, m.body, m.created_at
    FROM support_messages m JOIN users u ON u.id = m.user_id
    ORDER BY m.user_id, m.id DESC`);
  const rows = (
    result.rows as { user_id: string | bigint; account: string; author: string; body: string; created_at: Date }[]
  )
    .map((r) => ({
      user_id: Number(r.user_id),
      account: r.account,
      awaiting_answer: r.author === 'user',
      last: r.body.slice(0, 80),
      at: Math.floor(new Date(r.created_at).getTime() / 1000),
    }))
    .sort((a, b) => Number(b.awaiting_answer) - Number(a.awaiting_answer) || b.at - a.at);
  return rows.slice(0, limit);
}

export async function adminConversation(db: DbOrTx, userId: number) {
  const rows = await db
    .select()
    .from(supportMessages)
    .where(eq(supportMessages.userId, userId))
    .orderBy(asc(supportMessages.id))
    .limit(500);
  return rows.map((r) => ({ ...view(r), operator: r.operator }));
}
