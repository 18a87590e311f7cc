import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The user's inbox. A message is a kind and its parameters (amount, reason, plan title...), rendered in the
 * reader's language when read; `reference` makes a flow's message exactly-once (a retried approval does not
 * write a second one). A message to everyone is written once per user at sending time.
 */
export const inboxMessages = pgTable(
  'inbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    reference: text('reference').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inbox_messages_reference_key').on(t.userId, t.reference),
    index('inbox_messages_user_idx').on(t.userId, t.id),
    index('inbox_messages_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);
