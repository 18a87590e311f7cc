import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';

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

function where(q: UserEntryQuery): SQL {
  const parts = [sql`a.user_id = ${q.userId}`];
  if (q.excludeAsset) parts.push(sql`a.asset <> ${q.excludeAsset}`);
  if (q.kinds) parts.push('include' in q.kinds ? kindIn(q.kinds.include) : sql`NOT ${kindIn(q.kinds.exclude)}`);
  if (q.from !== undefined) parts.push(sql`e.created_at >= to_timestamp(${q.from})`);
  if (q.to !== undefined) parts.push(sql`e.created_at < to_timestamp(${q.to})`);
  return sql.join(parts, sql` AND `);
}

/** A user's ledger entries on all their accounts, newest first, a page at a time. */
export async function userEntries(
  db: DbOrTx,
  q: UserEntryQuery,
  page: { limit: number; offset: number },
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
    SELECT e.id::text, j.kind, e.asset, a.code, e.amount::text, e.balance_after::text,
           extract(epoch from e.created_at)::text AS at, j.reference
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id
    WHERE ${where(q)}
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

export async function countUserEntries(db: DbOrTx, q: UserEntryQuery): Promise<number> {
  const result = await db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id WHERE ${where(q)}`);
  return Number(result.rows[0]?.n ?? 0);
}
