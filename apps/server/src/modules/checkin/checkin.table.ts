import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/**
 * Daily check-ins. The primary key (user, platform day) is what makes "once a day only" hold under any
 * concurrency: a second insert for the same day conflicts, and its transaction pays nothing.
 * Days are platform calendar days counted from 1970-01-01 in PLATFORM_TZ (as in invest).
 */
export const checkins = pgTable(
  'checkins',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    day: integer('day').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    streak: integer('streak').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('checkins_amount', sql`${t.amount} >= 0`),
    check('checkins_streak', sql`${t.streak} >= 1`),
  ],
);
