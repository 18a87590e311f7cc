import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { PRACTICE_ASSET } from './account-codes.ts';

/**
 * What the platform owes each user in real money (USD): every bucket of theirs, available, frozen, plan principal
 * and interest, the flexible Yuebao balance, as the ledger holds it now, in one consistent snapshot (the
 * statement's). Users without an account are owed nothing and are absent. Practice money (PUSD) is not a
 * liability; coins are owed in kind (userCoinBalances), valued by the caller (docs/liabilities.md).
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

/** The coins each user holds (10^-8 of a coin), one row per user and coin held; practice money is not a coin. */
export async function userCoinBalances(db: DbOrTx): Promise<Array<{ userId: number; coin: string; balance: bigint }>> {
  const rows = await db.execute<{ user_id: string; asset: string; balance: string }>(sql`
    SELECT user_id, asset, sum(balance)::text AS balance FROM ledger_accounts
    WHERE user_id IS NOT NULL AND NOT is_house AND asset NOT IN ('USD', ${PRACTICE_ASSET})
    GROUP BY user_id, asset HAVING sum(balance) > 0 ORDER BY user_id, asset`);
  return rows.rows.map((r) => ({ userId: Number(r.user_id), coin: r.asset, balance: BigInt(r.balance) }));
}
