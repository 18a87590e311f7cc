import { eq, or, sql, type SQL } from 'drizzle-orm';
import { users } from './users.table.ts';

/**
 * An operator's "user" filter on a search: digits name an id or an account, anything else an account (case
 * aside, as accounts are unique). Used in a query that joins `users`.
 */
export function userIs(value: string): SQL {
  const byAccount = sql`lower(${users.account}) = lower(${value})`;
  return /^\d{1,15}$/.test(value) ? or(eq(users.id, Number(value)), byAccount)! : byAccount;
}
