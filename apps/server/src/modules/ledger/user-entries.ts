import { sql, type SQL } from 'drizzle-orm';
import { COIN_SCALE, formatMoney, type AdminLedgerPage } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { bucketOf } from './account-codes.ts';

/** Journal kinds named exactly or by prefix (`order` is order_open, order_settle, ...). */
export type KindSet = { exact: readonly string[]; prefixes: readonly string[] };

export type UserEntryQuery = {
  userId: number;
  /** An asset the list leaves out (practice money in a statement of real money). */
  excludeAsset?: string;
  /** Only entries whose journal kind is in the set, or only those outside it. */
  kinds?: { include: KindSet } | { exclude: KindSet } | undefined;
  /** Seconds since the epoch: from (inclusive) and to (exclusive). */
  from?: number | undefined;
  to?: number | undefined;
};

export type UserEntry = {
  id: number;
  kind: string;
  asset: string;
  /** The account's code (user:<id>:<asset>:<bucket>). */
  account: string;
  amount: bigint;
  balanceAfter: bigint;
  /** Seconds since the epoch. */
  at: number;
  reference: string;
};

const kindIn = (set: KindSet): SQL => {
  const parts = [
    ...(set.exact.length
      ? [
          sql`j.kind IN (${sql.join(
            set.exact.map((k) => sql`${k}`),
            sql`, `,
          )})`,
        ]
      : []),
    ...set.prefixes.map((p) => sql`j.kind LIKE ${`${p}%`}`),
  ];
  return parts.length ? sql`(${sql.join(parts, sql` OR `)})` : sql`false`;
};

/** The user's accounts the list covers. */
function accountsWhere(q: UserEntryQuery): SQL {
  const parts = [sql`a.user_id = ${q.userId}`];
  if (q.excludeAsset) parts.push(sql`a.asset <> ${q.excludeAsset}`);
  return sql.join(parts, sql` AND `);
}

/** The entries of one account (e) the list covers, by their journal's kind (j) and time. */
function entriesWhere(q: UserEntryQuery, before?: number): SQL {
  const parts = [sql`true`];
  if (q.kinds) parts.push('include' in q.kinds ? kindIn(q.kinds.include) : sql`NOT ${kindIn(q.kinds.exclude)}`);
  if (q.from !== undefined) parts.push(sql`e.created_at >= to_timestamp(${q.from})`);
  if (q.to !== undefined) parts.push(sql`e.created_at < to_timestamp(${q.to})`);
  if (before !== undefined) parts.push(sql`e.id < ${before}`);
  return sql.join(parts, sql` AND `);
}

/**
 * A user's ledger entries on all their accounts, newest first, a page at a time (after an entry id, or at an offset).
 * Each account gives at most the page's rows, read backwards through its (account_id, id) index, and only those are
 * merged: a heavy user's hundred thousand entries are never sorted to show twenty.
 */
export async function userEntries(
  db: DbOrTx,
  q: UserEntryQuery,
  page: { limit: number; offset: number; before?: number | undefined },
): Promise<UserEntry[]> {
  const result = await db.execute<{
    id: string;
    kind: string;
    asset: string;
    code: string;
    amount: string;
    balance_after: string;
    at: string;
    reference: string;
  }>(sql`
    SELECT e.id::text, e.kind, e.asset, a.code, e.amount::text, e.balance_after::text,
           extract(epoch from e.created_at)::text AS at, e.reference
    FROM ledger_accounts a
    CROSS JOIN LATERAL (
      SELECT e.id, e.asset, e.amount, e.balance_after, e.created_at, j.kind, j.reference
      FROM ledger_entries e JOIN ledger_journals j ON j.id = e.journal_id
      WHERE e.account_id = a.id AND ${entriesWhere(q, page.before)}
      ORDER BY e.id DESC
      LIMIT ${page.limit + page.offset}) e
    WHERE ${accountsWhere(q)}
    ORDER BY e.id DESC
    LIMIT ${page.limit} OFFSET ${page.offset}`);
  return result.rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    asset: r.asset,
    account: r.code,
    amount: BigInt(r.amount),
    balanceAfter: BigInt(r.balance_after),
    at: Math.floor(Number(r.at)),
    reference: r.reference,
  }));
}

/**
 * The user's entries matching the query, counted as far as `upTo` (the statement's total stops at its cap; an
 * operator's view of the ledger counts them all).
 */
export async function countUserEntries(db: DbOrTx, q: UserEntryQuery, upTo?: number): Promise<number> {
  // Without a kind filter the journals are not joined: the count then reads the (account_id, id) index alone.
  const result = await db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM (
      SELECT 1 FROM ledger_accounts a JOIN ledger_entries e ON e.account_id = a.id
      ${q.kinds ? sql`JOIN ledger_journals j ON j.id = e.journal_id` : sql``}
      WHERE ${accountsWhere(q)} AND ${entriesWhere(q)}
      LIMIT ${upTo ?? null}) up_to`);
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * What journals of some kinds did to a user's money in one asset between two moments: the sum of their entries
 * on all the user's accounts (moves between the user's own buckets cancel out; what came from or went to the house
 * stays). Yesterday's plan interest is this over `plan_accrual`, yesterday's trading result over `order_`.
 */
export async function userNetChange(
  db: DbOrTx,
  q: { userId: number; asset: string; kinds: KindSet; from: number; to: number },
): Promise<bigint> {
  const result = await db.execute<{ net: string }>(sql`
    SELECT coalesce(sum(e.amount), 0)::text AS net
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.user_id = ${q.userId} AND a.asset = ${q.asset} AND ${kindIn(q.kinds)}
      AND e.created_at >= to_timestamp(${q.from}) AND e.created_at < to_timestamp(${q.to})`);
  return BigInt(result.rows[0]?.net ?? '0');
}

/** Every non-zero balance a user holds, by asset and bucket (cash, plans, coins), practice money included. */
export async function userHoldings(
  db: DbOrTx,
  userId: number,
): Promise<Array<{ asset: string; bucket: string; balance: bigint }>> {
  const result = await db.execute<{ code: string; asset: string; balance: string }>(sql`
    SELECT a.code, a.asset, a.balance::text AS balance
    FROM ledger_accounts a
    WHERE a.user_id = ${userId} AND a.balance <> 0`);
  return result.rows.map((r) => ({ asset: r.asset, bucket: r.code.split(':')[3] ?? '', balance: BigInt(r.balance) }));
}

// Cash (U and practice PUSD) has two decimals; coins have COIN_SCALE.
const scaleOf = (asset: string) => (asset === 'USD' || asset === 'PUSD' ? 2 : COIN_SCALE);

/** A user's entries on all their accounts, newest first, each with the balance of its account after it. */
export async function ledgerForOperator(
  db: DbOrTx,
  userId: number,
  q: { page: number; size: number },
): Promise<AdminLedgerPage> {
  const [rows, total] = await Promise.all([
    userEntries(db, { userId }, { limit: q.size, offset: (q.page - 1) * q.size }),
    countUserEntries(db, { userId }),
  ]);
  return {
    items: rows.map((e) => ({
      id: e.id,
      at: e.at,
      kind: e.kind,
      reference: e.reference,
      asset: e.asset,
      bucket: bucketOf(e.account),
      amount: formatMoney(e.amount, scaleOf(e.asset)),
      balance_after: formatMoney(e.balanceAfter, scaleOf(e.asset)),
    })),
    total,
    page: q.page,
  };
}
