import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Accounts are addressed by code: `user:42:cash`, `user:42:frozen`, `house:fees`, ...
 * A user's account can never go below zero: that is a CHECK, not an `if` in code. House accounts face
 * the outside world (deposits come from it, payouts go to it) and may run negative.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    userId: bigint('user_id', { mode: 'number' }),
    asset: text('asset').notNull(),
    isHouse: boolean('is_house').notNull(),
    balance: bigint('balance', { mode: 'bigint' })
      .notNull()
      .default(sql`0`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ledger_accounts_code_key').on(t.code),
    index('ledger_accounts_user_idx').on(t.userId),
    check('ledger_accounts_non_negative', sql`${t.isHouse} or ${t.balance} >= 0`),
    check('ledger_accounts_owner', sql`${t.isHouse} = (${t.userId} is null)`),
  ],
);

/** One balanced movement of money; `reference` is unique so a retried write cannot post twice. */
export const ledgerJournals = pgTable(
  'ledger_journals',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reference: text('reference').notNull(),
    kind: text('kind').notNull(),
    memo: jsonb('memo').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ledger_journals_reference_key').on(t.reference)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    // The journal and the account exist: checked once per INSERT statement by the trigger ledger_entries_checked
    // (drizzle/0020), set-based, where a foreign key checks and locks a row per entry. Neither table's rows are
    // ever deleted (triggers refuse it).
    journalId: bigint('journal_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    asset: text('asset').notNull(),
    amount: bigint('amount', { mode: 'bigint' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'bigint' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_journal_idx').on(t.journalId),
    index('ledger_entries_account_idx').on(t.accountId, t.id),
    check('ledger_entries_non_zero', sql`${t.amount} <> 0`),
  ],
);
