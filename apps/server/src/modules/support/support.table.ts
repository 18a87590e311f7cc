import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Customer-service conversation, one per user: what the user wrote and what operators answered. An
 * operator's answer is unread until the user opens the conversation; a user's message is unanswered until
 * an operator replies (operators list conversations by that).
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    author: text('author').notNull(),
    operator: text('operator'),
    topic: text('topic'),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.id),
    check('support_messages_author', sql`${t.author} in ('user','operator')`),
    check('support_messages_body', sql`length(${t.body}) between 1 and 2000`),
    check(
      'support_messages_topic',
      sql`${t.topic} is null or ${t.topic} in ('rewards','password','recharge','locked_data')`,
    ),
  ],
);
