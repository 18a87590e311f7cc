import { inArray, sql, type SQL } from 'drizzle-orm';
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

/** One key a query can name: its rows (`where`, one index range), what of them matched and whether wholly. */
type KeyLookup = {
  field: UserKeyHit['field'];
  value: SQL;
  exact: SQL;
  where: SQL;
  /** Set when `where` is a beginning (`LIKE 'x%'`): its text_pattern_ops index's order, so a LIMIT stops the range. */
  inOrder?: SQL;
};

/**
 * The keys an operator's query names, each an index range of the users table: a user by id or invitation code
 * (whole), by account (case aside) or phone number (whole or, from SEARCH_PREFIX_FROM characters, by its beginning;
 * a number typed in groups as one): `users_pkey`, `users_account_prefix_idx`, `users_phone_prefix_idx`,
 * `users_invite_code_key`. Both the search everything's part and the users list read users through these.
 */
function keyLookups(q: string): KeyLookup[] {
  const lookups: KeyLookup[] = [];
  if (/^[0-9]{1,15}$/.test(q))
    lookups.push({
      field: 'id',
      value: sql`${users.id}::text`,
      exact: sql`true`,
      where: sql`${users.id} = ${Number(q)}`,
    });
  lookups.push(
    [...q].length >= SEARCH_PREFIX_FROM
      ? {
          field: 'account',
          value: sql`${users.account}`,
          exact: sql`lower(${users.account}) = lower(${q})`,
          where: sql`lower(${users.account}) LIKE lower(${startsWith(q)})`,
          inOrder: inPatternOrder(sql`lower(${users.account})`),
        }
      : {
          field: 'account',
          value: sql`${users.account}`,
          exact: sql`true`,
          where: sql`lower(${users.account}) = lower(${q})`,
        },
  );
  const phone = compactNumber(q);
  if (phone)
    lookups.push(
      [...phone].length >= SEARCH_PREFIX_FROM
        ? {
            field: 'phone',
            value: sql`${users.phone}`,
            exact: sql`${users.phone} = ${phone}`,
            where: sql`${users.phone} LIKE ${startsWith(phone)}`,
            inOrder: inPatternOrder(users.phone),
          }
        : { field: 'phone', value: sql`${users.phone}`, exact: sql`true`, where: sql`${users.phone} = ${phone}` },
    );
  // Codes are kept in capitals (claimInvite reads them so).
  if (/^[A-Za-z0-9]{1,16}$/.test(q))
    lookups.push({
      field: 'invite_code',
      value: sql`${users.inviteCode}`,
      exact: sql`true`,
      where: sql`${users.inviteCode} = ${q.toUpperCase()}`,
    });
  return lookups;
}

/**
 * The ids of every user a query names by a key (as search everything finds them, without its limit), each once:
 * one index range per key, for a list to page through (`users.id IN (...)`, `count(*) FROM (...)`).
 */
export function userIdsByKey(q: string): SQL {
  return sql.join(
    keyLookups(q).map((k) => sql`SELECT ${users.id} FROM ${users} WHERE ${k.where}`),
    sql` UNION `,
  );
}

/**
 * The console's search everything, the users module's part: the users a query names by a key (`keyLookups`). One
 * statement; each branch is an index range read in index order and stops at `limit + 1` rows (the one more says
 * there are more).
 */
export async function searchUsersForOperator(
  db: DbOrTx,
  q: string,
  limit: number,
): Promise<{ hits: UserKeyHit[]; more: boolean }> {
  const take = limit + 1;
  const branches = keyLookups(q).map(
    (k) =>
      sql`(SELECT ${users.id} AS id, ${sql.raw(`'${k.field}'`)} AS field, ${k.value} AS value, ${k.exact} AS exact
        FROM ${users} WHERE ${k.where}${k.inOrder ? sql` ORDER BY ${k.inOrder} LIMIT ${take}` : sql``})`,
  );

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
