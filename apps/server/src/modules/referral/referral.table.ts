import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The invitation bonus rule, one row (id 1), set by operators: the amount paid to an inviter (minor units; 0
 * pays nothing) when an invitee meets the condition: `real_name` (real-name verification approved) or
 * `first_deposit` (first approved recharge).
 */
export const inviteSettings = pgTable(
  'invite_settings',
  {
    id: integer('id').primaryKey().default(1),
    bonusAmount: bigint('bonus_amount', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    condition: text('condition').notNull().default('real_name'),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('invite_settings_single', sql`${t.id} = 1`),
    check('invite_settings_amount', sql`${t.bonusAmount} >= 0`),
    check('invite_settings_condition', sql`${t.condition} in ('real_name','first_deposit')`),
  ],
);

/**
 * One row per invitee who met the condition: the primary key makes the bonus paid at most once per invitee,
 * whatever races. `amount` is what the rule said at that moment (0 when the rule paid nothing); the money
 * itself moves as a ledger journal beside a class-2 (promotion bonus) recharge record, `deposit_id`.
 */
export const inviteBonuses = pgTable(
  'invite_bonuses',
  {
    inviteeId: bigint('invitee_id', { mode: 'number' }).primaryKey(),
    inviterId: bigint('inviter_id', { mode: 'number' }).notNull(),
    condition: text('condition').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    depositId: bigint('deposit_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('invite_bonuses_inviter_idx').on(t.inviterId, t.createdAt),
    check('invite_bonuses_amount', sql`${t.amount} >= 0`),
  ],
);
