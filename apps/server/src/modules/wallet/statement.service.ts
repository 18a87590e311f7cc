import { sql, type SQL } from 'drizzle-orm';
import {
  COIN_SCALE,
  formatMoney,
  USD_SCALE,
  type Statement,
  type StatementItem,
  type StatementType,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { localDateTime } from './platform-time.ts';

/** The statement's type of a journal, from its kind (SQL, so filters and paging run in the database). */
const TYPE_SQL = sql`CASE
  WHEN j.kind IN ('deposit_credit','deposit_reversal') THEN 'deposit'
  WHEN j.kind IN ('deposit_bonus','system_gift') OR j.kind LIKE 'bonus%' THEN 'bonus'
  WHEN j.kind LIKE 'withdrawal%' THEN 'withdrawal'
  WHEN j.kind LIKE 'exchange%' THEN 'exchange'
  WHEN j.kind LIKE 'order%' THEN 'order'
  WHEN j.kind LIKE 'plan%' OR j.kind LIKE 'yeb%' OR j.kind LIKE 'invest%' THEN 'plan'
  ELSE 'other' END`;

type Filter = { type?: StatementType | undefined; from?: number | undefined; to?: number | undefined };

function where(userId: number, f: Filter): SQL {
  // Practice (virtual) money is not the user's money: it has no place in the wallet statement.
  const parts = [sql`a.user_id = ${userId}`, sql`a.asset <> 'PUSD'`];
  if (f.type) parts.push(sql`${TYPE_SQL} = ${f.type}`);
  if (f.from !== undefined) parts.push(sql`e.created_at >= to_timestamp(${f.from})`);
  if (f.to !== undefined) parts.push(sql`e.created_at < to_timestamp(${f.to})`);
  return sql.join(parts, sql` AND `);
}

type Row = {
  id: string;
  type: StatementType;
  kind: string;
  asset: string;
  code: string;
  amount: string;
  balance_after: string;
  at: string;
  reference: string;
};

const REF = /^(order|deposit|withdrawal|exchange|plan|yeb|invest)[:_-](\d+)/;

function toItem(r: Row): StatementItem {
  const scale = r.asset === 'USD' ? USD_SCALE : COIN_SCALE;
  const ref = REF.exec(r.reference);
  return {
    id: Number(r.id),
    type: r.type,
    kind: r.kind,
    asset: r.asset,
    bucket: r.code.split(':')[3] ?? '',
    amount: formatMoney(BigInt(r.amount), scale),
    balance_after: formatMoney(BigInt(r.balance_after), scale),
    created_at: Math.floor(Number(r.at)),
    ref_type: ref
      ? ref[1] === 'yeb' || ref[1] === 'invest'
        ? 'plan'
        : ref[1]!
      : (r.reference.split(':')[0] ?? 'other'),
    ref_id: ref ? Number(ref[2]) : null,
    reference: r.reference,
  };
}

async function rows(db: DbOrTx, userId: number, f: Filter, limit: number, offset: number): Promise<Row[]> {
  const result = await db.execute<Row>(sql`
    SELECT e.id::text, ${TYPE_SQL} AS type, j.kind, e.asset, a.code, e.amount::text, e.balance_after::text,
           extract(epoch from e.created_at)::text AS at, j.reference
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id
    WHERE ${where(userId, f)}
    ORDER BY e.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  return result.rows;
}

/** Every ledger entry on the user's accounts (cash buckets and coins), newest first. */
export async function statement(
  db: DbOrTx,
  userId: number,
  q: Filter & { page: number; size: number },
): Promise<Statement> {
  const items = (await rows(db, userId, q, q.size, (q.page - 1) * q.size)).map(toItem);
  const total = await db.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id WHERE ${where(userId, q)}`);
  return { items, total: Number(total.rows[0]?.n ?? 0), page: q.page };
}

export const CSV_MAX_ROWS = 10_000;
const csvCell = (v: string | number | null) => {
  const s = v === null ? '' : String(v);
  // Cells that a spreadsheet would run as a formula are quoted with a leading apostrophe.
  const safe = /^[=+\-@\t\r]/.test(s) && !/^-?\d/.test(s) ? `'${s}` : s;
  return /[",\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

export async function statementCsv(db: DbOrTx, userId: number, f: Filter, tz: string): Promise<string> {
  const items = (await rows(db, userId, f, CSV_MAX_ROWS, 0)).map(toItem);
  const header = ['time', 'time_zone', 'type', 'kind', 'asset', 'bucket', 'amount', 'balance_after', 'reference'];
  const lines = items.map((i) =>
    [localDateTime(i.created_at, tz), tz, i.type, i.kind, i.asset, i.bucket, i.amount, i.balance_after, i.reference]
      .map(csvCell)
      .join(','),
  );
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}
