import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Each user's current avatar: an upload (purpose `avatar`) of theirs; the old picture stays as history. */
export const userAvatars = pgTable('user_avatars', {
  userId: bigint('user_id', { mode: 'number' }).primaryKey(),
  uploadId: text('upload_id').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
