import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account: text('account').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    fundPasswordHash: text('fund_password_hash'),
    inviteCode: text('invite_code').notNull(),
    inviterId: bigint('inviter_id', { mode: 'number' }),
    realNameState: text('real_name_state').notNull().default('none'),
    isVip: boolean('is_vip').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The app's language at the last registration, sign-in or launch: what customer service writes to the user in. */
    lang: text('lang').notNull().default('en'),
    /**
     * Since when a second factor (the authenticator app) is on; null while none is. Kept on the user's row so the
     * flows that already read it know whether to ask for a step-up without a query of their own.
     */
    secondFactorOnAt: timestamp('second_factor_on_at', { withTimezone: true }),
    /** When the last second factor was turned off: withdrawals are held from then as after a password change. */
    secondFactorOffAt: timestamp('second_factor_off_at', { withTimezone: true }),
    /** Which factors make it on (kept by the auth module with the two times above): the app and the passkeys. */
    hasAuthenticator: boolean('has_authenticator').notNull().default(false),
    passkeyCount: integer('passkey_count').notNull().default(0),
    /**
     * A word the user chose, put in every SMS and inbox message the platform sends them and on withdrawal confirm
     * sheets: a message without it is not from us. Null until set.
     */
    antiPhishingCode: text('anti_phishing_code'),
    /**
     * Since when withdrawals and payout-method changes are frozen: the user's own one-tap freeze (an alert said
     * someone signed in) or an operator's. Only an operator lifts it. Null when not frozen.
     */
    frozenAt: timestamp('frozen_at', { withTimezone: true }),
    /**
     * When the user closed the account. The row stays (the ledger, orders and audit point at its id) under a
     * pseudonym, with no way to sign in; it is never reopened.
     */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_account_key').on(sql`lower(${t.account})`),
    uniqueIndex('users_phone_key').on(t.phone),
    uniqueIndex('users_invite_code_key').on(t.inviteCode),
    // The console's search everything: an account or a phone number by its beginning. text_pattern_ops, so that
    // LIKE 'x%' is an index range under any collation (an own PostgreSQL's en_US too, not only the embedded C).
    index('users_account_prefix_idx').on(sql`lower(${t.account}) text_pattern_ops`),
    index('users_phone_prefix_idx').on(t.phone.op('text_pattern_ops')),
    // A user's invitation records (the users they invited, newest first): found without reading every user.
    index('users_inviter_idx').on(t.inviterId, t.id),
    check('users_real_name_state', sql`${t.realNameState} in ('none','pending','verified','refused')`),
    check('users_lang', sql`${t.lang} in ('en','de','es','fr','hk','jp','kor','th','zh','vi')`),
  ],
);
