import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A customer-service conversation: one per user (signed in), or one per phone number for someone who cannot
 * sign in (the number proved with an SMS code; `ticket_hash` is the day-long ticket that opens it again).
 * Operators work them as a queue: open, assigned to an operator, closed (a new message opens it again).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    phone: text('phone'),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true }),
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    state: text('state').notNull().default('open'),
    assignedTo: text('assigned_to'),
    lastAuthor: text('last_author').notNull().default('user'),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_conversations_user_key').on(t.userId),
    uniqueIndex('support_conversations_guest_phone_key')
      .on(t.phone)
      .where(sql`${t.userId} is null`),
    uniqueIndex('support_conversations_ticket_key').on(t.ticketHash),
    index('support_conversations_queue_idx').on(t.state, t.lastMessageAt),
    check('support_conversations_state', sql`${t.state} in ('open','closed')`),
    check('support_conversations_owner', sql`${t.userId} is not null or ${t.phone} is not null`),
    check('support_conversations_last_author', sql`${t.lastAuthor} in ('user','operator')`),
  ],
);

/**
 * The messages of a conversation: what the user wrote and what operators answered. An operator's answer is
 * unread until the user opens the conversation. `user_id` is set on a signed-in user's conversation (their
 * unread badge counts by it) and null on a logged-out one.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    author: text('author').notNull(),
    operator: text('operator'),
    topic: text('topic'),
    body: text('body').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_user_idx').on(t.userId, t.id),
    index('support_messages_conversation_idx').on(t.conversationId, t.id),
    check('support_messages_author', sql`${t.author} in ('user','operator')`),
    check('support_messages_body', sql`length(${t.body}) between 1 and 2000`),
    check(
      'support_messages_topic',
      sql`${t.topic} is null or ${t.topic} in ('rewards','password','recharge','locked_data')`,
    ),
  ],
);
