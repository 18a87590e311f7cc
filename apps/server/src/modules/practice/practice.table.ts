import { bigint, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per practice reset: the primary key (user, platform day) is what makes a second reset on the
 * same day impossible, also when two requests race.
 */
export const practiceResets = pgTable(
  'practice_resets',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The platform calendar day (PLATFORM_TZ), YYYY-MM-DD. */
    day: text('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
