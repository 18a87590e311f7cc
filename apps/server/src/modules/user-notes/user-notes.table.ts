import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Operators' notes on a user. Never edited: a note that was wrong is removed with a reason (kept here, out of the
 * console's list) and a new one written, so what a reviewer read when they decided stays on record.
 */
export const userNotes = pgTable(
  'user_notes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    operator: text('operator').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedBy: text('removed_by'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removeReason: text('remove_reason'),
  },
  (t) => [
    index('user_notes_user_idx').on(t.userId, t.id),
    check('user_notes_body', sql`length(${t.body}) between 1 and 1000`),
    check('user_notes_removed', sql`(${t.removedAt} is null) = (${t.removedBy} is null)`),
  ],
);

/** Short labels on a user, shown beside them in the queues; at most USER_TAGS_MAX each (the service checks). */
export const userTags = pgTable(
  'user_tags',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tag: text('tag').notNull(),
    addedBy: text('added_by').notNull(),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.tag] }),
    check('user_tags_tag', sql`${t.tag} ~ '^[a-z0-9][a-z0-9-]{0,23}$'`),
  ],
);
