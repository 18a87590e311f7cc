import { inArray, sql } from 'drizzle-orm';
import { compactNumber, maskMiddle, SEARCH_PREFIX_FROM } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { inPatternOrder, startsWith } from '../../platform/db/like-pattern.ts';
import { users } from './users.table.ts';

/** A user found by one of the keys the users module keeps, as an operator may see it (the phone masked). */
export type UserKeyHit = {
  userId: number;
  field: 'id' | 'account' | 'phone' | 'invite_code';
  value: string;
  exact: boolean;
};

/**
 * The console's search everything, the users module's part: a user by id or invitation code (whole), by account
 * (case aside) or phone number (whole or, from SEARCH_PREFIX_FROM characters, by its beginning). One statement; each
 * branch is an index range read in index order and stops at `limit + 1` rows (the one more says there are more):
 * `users_pkey`, `users_account_prefix_idx`, `users_phone_prefix_idx`, `users_invite_code_key`.
 */
export async function searchUsersForOperator(
  db: DbOrTx,
  q: string,
  limit: number,
): Promise<{ hits: UserKeyHit[]; more: boolean }> {
  const prefix = [...q].length >= SEARCH_PREFIX_FROM;
  const take = limit + 1;
  const branches = [];
  if (/^[0-9]{1,15}$/.test(q))
    branches.push(sql`(SELECT ${users.id} AS id, 'id' AS field, ${users.id}::text AS value, true AS exact
      FROM ${users} WHERE ${users.id} = ${Number(q)})`);
  branches.push(
    prefix
      ? sql`(SELECT ${users.id} AS id, 'account' AS field, ${users.account} AS value,
          lower(${users.account}) = lower(${q}) AS exact
          FROM ${users} WHERE lower(${users.account}) LIKE lower(${startsWith(q)})
          ORDER BY ${inPatternOrder(sql`lower(${users.account})`)} LIMIT ${take})`
      : sql`(SELECT ${users.id} AS id, 'account' AS field, ${users.account} AS value, true AS exact
          FROM ${users} WHERE lower(${users.account}) = lower(${q}))`,
  );
  const phone = compactNumber(q);
  if (phone)
    branches.push(
      [...phone].length >= SEARCH_PREFIX_FROM
        ? sql`(SELECT ${users.id} AS id, 'phone' AS field, ${users.phone} AS value, ${users.phone} = ${phone} AS exact
            FROM ${users} WHERE ${users.phone} LIKE ${startsWith(phone)} ORDER BY ${inPatternOrder(users.phone)} LIMIT ${take})`
        : sql`(SELECT ${users.id} AS id, 'phone' AS field, ${users.phone} AS value, true AS exact
            FROM ${users} WHERE ${users.phone} = ${phone})`,
    );
  // Codes are kept in capitals (claimInvite reads them so).
  if (/^[A-Za-z0-9]{1,16}$/.test(q))
    branches.push(sql`(SELECT ${users.id} AS id, 'invite_code' AS field, ${users.inviteCode} AS value, true AS exact
      FROM ${users} WHERE ${users.inviteCode} = ${q.toUpperCase()})`);

  const { rows } = await db.execute<{ id: bigint; field: UserKeyHit['field']; value: string; exact: boolean }>(
    sql.join(branches, sql` UNION ALL `),
  );
  const perField = new Map<string, number>();
  const hits: UserKeyHit[] = [];
  for (const r of rows) {
    const n = (perField.get(r.field) ?? 0) + 1;
    perField.set(r.field, n);
    if (n > limit) continue;
    hits.push({
      userId: Number(r.id),
      field: r.field,
      value: r.field === 'phone' ? maskMiddle(r.value) : r.value,
      exact: r.exact,
    });
  }
  return { hits, more: [...perField.values()].some((n) => n > limit) };
}

/** What the search shows of each user it found (by any module's key): one primary-key probe each. */
export type UserSearchSummary = {
  id: number;
  account: string;
  phoneMasked: string;
  realNameState: string;
  locked: boolean;
  frozen: boolean;
  closed: boolean;
};

export async function userSearchSummaries(db: DbOrTx, ids: number[]): Promise<Map<number, UserSearchSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      account: users.account,
      phone: users.phone,
      realNameState: users.realNameState,
      locked: users.locked,
      frozenAt: users.frozenAt,
      closedAt: users.closedAt,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((u) => [
      u.id,
      {
        id: u.id,
        account: u.account,
        phoneMasked: maskMiddle(u.phone),
        realNameState: u.realNameState,
        locked: u.locked,
        frozen: u.frozenAt !== null,
        closed: u.closedAt !== null,
      },
    ]),
  );
}
