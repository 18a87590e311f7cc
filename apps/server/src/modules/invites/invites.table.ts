import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Invitation codes: each user's own, plus codes operators create (no owner). */
export const inviteCodes = pgTable(
  'invite_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    ownerUserId: bigint('owner_user_id', { mode: 'number' }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    disabled: boolean('disabled').notNull().default(false),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invite_codes_code_key').on(t.code),
    check('invite_codes_uses_within_limit', sql`${t.maxUses} is null or ${t.uses} <= ${t.maxUses}`),
  ],
);
