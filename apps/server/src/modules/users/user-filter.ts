import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { qualifiedColumn as qualified } from '../../platform/db/qualified-column.ts';

/**
 * SQL the users module hands to other modules' lists, so that a list of deposits, orders or submissions shows and
 * filters by the user's account without naming the users table itself.
 */

/**
 * An operator's "user" filter on a column holding a user id: digits name an id or an account, anything else an
 * account (case aside, as accounts are unique).
 */
export function userIs(value: string, userId: AnyColumn): SQL {
  const byAccount = sql`lower(u.account) = lower(${value})`;
  const which = /^\d{1,15}$/.test(value) ? sql`u.id = ${Number(value)} OR ${byAccount}` : byAccount;
  return sql`${qualified(userId)} IN (SELECT u.id FROM users u WHERE ${which})`;
}

/** The account of the user a column names (one primary-key probe a row). */
export const accountOf = (userId: AnyColumn | SQL): SQL<string> =>
  sql<string>`(SELECT u.account FROM users u WHERE u.id = ${qualified(userId)})`;

/** Whether the user a column names is locked or closed (null when the column names no user). */
export const lockedOf = (userId: AnyColumn): SQL<boolean | null> =>
  sql<boolean | null>`(SELECT u.locked OR u.closed_at IS NOT NULL FROM users u WHERE u.id = ${qualified(userId)})`;

/** "<id>:<account>" of the account a phone number column belongs to, or null: who a logged-out writer may be. */
export const userTagByPhone = (phone: AnyColumn): SQL<string | null> =>
  sql<string | null>`(SELECT u.id::text || ':' || u.account FROM users u WHERE u.phone = ${qualified(phone)})`;
