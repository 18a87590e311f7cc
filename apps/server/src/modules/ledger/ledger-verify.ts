import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';

export type LedgerBreak = { kind: string; detail: string };

export type LedgerReport = { accounts: number; journals: number; entries: number; breaks: LedgerBreak[] };

/**
 * Re-derives every balance from the entries and re-checks every journal. Any row returned by these
 * queries is a break in the books.
 */
export async function verifyLedger(db: DbOrTx): Promise<LedgerReport> {
  const breaks: LedgerBreak[] = [];
  const add = (kind: string, rows: Record<string, unknown>[]) =>
    rows.forEach((r) =>
      breaks.push({ kind, detail: JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)) }),
    );

  const balanceMismatch = await db.execute(sql`
    SELECT a.code, a.balance, coalesce(sum(e.amount), 0) AS entries_sum
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance <> coalesce(sum(e.amount), 0)`);
  add('balance_differs_from_entries', balanceMismatch.rows);

  const unbalanced = await db.execute(sql`
    SELECT j.reference, count(e.id) AS entry_count, coalesce(sum(e.amount), 0) AS total
    FROM ledger_journals j LEFT JOIN ledger_entries e ON e.journal_id = j.id
    GROUP BY j.id HAVING count(e.id) < 2 OR coalesce(sum(e.amount), 0) <> 0`);
  add('journal_not_balanced', unbalanced.rows);

  const negative = await db.execute(sql`
    SELECT code, balance FROM ledger_accounts WHERE NOT is_house AND balance < 0`);
  add('user_balance_negative', negative.rows);

  const runningMismatch = await db.execute(sql`
    SELECT account_id, id, balance_after, running FROM (
      SELECT account_id, id, balance_after, sum(amount) OVER (PARTITION BY account_id ORDER BY id) AS running
      FROM ledger_entries) s
    WHERE balance_after <> running LIMIT 100`);
  add('entry_balance_after_differs', runningMismatch.rows);

  // Practice money (PUSD) never meets real money in one journal (a trigger refuses it; this re-checks).
  const mixed = await db.execute(sql`
    SELECT j.reference FROM ledger_journals j JOIN ledger_entries e ON e.journal_id = j.id
    JOIN ledger_accounts a ON a.id = e.account_id
    GROUP BY j.id HAVING bool_or(a.asset = 'PUSD') AND bool_or(a.asset <> 'PUSD') LIMIT 100`);
  add('journal_mixes_practice_and_real', mixed.rows);

  const counts = await db.execute(sql`
    SELECT (SELECT count(*) FROM ledger_accounts) AS accounts,
           (SELECT count(*) FROM ledger_journals) AS journals,
           (SELECT count(*) FROM ledger_entries) AS entries`);
  const c = counts.rows[0] as { accounts: bigint; journals: bigint; entries: bigint };
  return { accounts: Number(c.accounts), journals: Number(c.journals), entries: Number(c.entries), breaks };
}
