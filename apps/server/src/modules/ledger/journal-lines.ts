import { sql } from 'drizzle-orm';
import { formatMoney } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';

export type JournalLines = {
  id: number;
  reference: string;
  kind: string;
  lines: Array<{ account: string; asset: string; amount: string }>;
};

/**
 * Journals named by their references with every line, in the order they were posted: what an order's proof shows
 * as the money it moved. Amounts are USD minor units (orders move nothing else).
 */
export async function journalsByReference(db: DbOrTx, references: string[]): Promise<JournalLines[]> {
  if (!references.length) return [];
  const rows = await db.execute<{
    id: string;
    reference: string;
    kind: string;
    code: string;
    asset: string;
    amount: string;
  }>(sql`
    SELECT j.id, j.reference, j.kind, a.code, e.asset, e.amount
    FROM ledger_journals j
    JOIN ledger_entries e ON e.journal_id = j.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE j.reference IN (${sql.join(
      references.map((r) => sql`${r}`),
      sql`, `,
    )})
    ORDER BY j.id, e.id`);
  const out = new Map<number, JournalLines>();
  for (const r of rows.rows) {
    const id = Number(r.id);
    let journal = out.get(id);
    if (!journal) out.set(id, (journal = { id, reference: r.reference, kind: r.kind, lines: [] }));
    journal.lines.push({ account: r.code, asset: r.asset, amount: formatMoney(BigInt(r.amount)) });
  }
  return [...out.values()];
}
