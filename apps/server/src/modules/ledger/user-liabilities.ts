import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';

/**
 * What the platform owes each user in real money (USD): every bucket of theirs, available, frozen, plan principal
 * and plan interest, as the ledger holds it now, in one consistent snapshot (the statement's). Users without an
 * account are owed nothing and are absent. Practice money (PUSD) is not a liability; coins are a different asset
 * (docs/liabilities.md says what the total covers).
 */
export async function userLiabilities(db: DbOrTx): Promise<Array<{ userId: number; balance: bigint }>> {
  const rows = await db.execute<{ user_id: string; balance: string }>(sql`
    SELECT user_id, sum(balance)::text AS balance FROM ledger_accounts
    WHERE user_id IS NOT NULL AND NOT is_house AND asset = 'USD'
    GROUP BY user_id ORDER BY user_id`);
  return rows.rows.map((r) => ({ userId: Number(r.user_id), balance: BigInt(r.balance) }));
}

/** The house's USD accounts summed: in a balanced ledger, minus the users' liabilities. */
export async function houseUsdBalance(db: DbOrTx): Promise<bigint> {
  const rows = await db.execute<{ total: string | null }>(
    sql`SELECT sum(balance)::text AS total FROM ledger_accounts WHERE is_house AND asset = 'USD'`,
  );
  return BigInt(rows.rows[0]?.total ?? '0');
}
