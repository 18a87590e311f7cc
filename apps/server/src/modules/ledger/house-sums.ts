import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { HOUSE_PURPOSES, type HousePurpose } from './account-codes.ts';

/**
 * Sums over the ledger for the operators' house view. Two independent roads to the same figure, so that the view
 * can show that they agree: the entries summed by house purpose and journal kind, and each house account's
 * running balance (balance_after) at the two ends of the window.
 */

/** Seconds since the epoch: from (inclusive) and to (exclusive). */
export type Window = { from: number; to: number };

export type HouseMovement = { asset: string; purpose: HousePurpose; kind: string; amount: bigint };

/**
 * What the house accounts received (positive) or paid (negative) in the window, per asset, purpose (all shards of
 * a purpose together) and journal kind.
 */
export async function houseMovements(db: DbOrTx, window: Window): Promise<HouseMovement[]> {
  const result = await db.execute<{ asset: string; purpose: string; kind: string; amount: string }>(sql`
    SELECT a.asset, split_part(a.code, ':', 3) AS purpose, j.kind, sum(e.amount)::text AS amount
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.is_house AND e.created_at >= to_timestamp(${window.from}) AND e.created_at < to_timestamp(${window.to})
    GROUP BY 1, 2, 3
    ORDER BY 1, 2, 3`);
  return result.rows
    .filter((r) => (HOUSE_PURPOSES as readonly string[]).includes(r.purpose))
    .map((r) => ({ asset: r.asset, purpose: r.purpose as HousePurpose, kind: r.kind, amount: BigInt(r.amount) }));
}

/**
 * How much the house accounts of the given purposes and asset changed over the window, read from their running
 * balances: the last balance_after before `to` minus the last before `from` (0 when none). It does not add
 * entries, so it checks houseMovements rather than repeating it.
 */
export async function houseBalanceChange(
  db: DbOrTx,
  window: Window,
  asset: string,
  purposes: readonly HousePurpose[],
): Promise<bigint> {
  const result = await db.execute<{ change: string | null }>(sql`
    WITH accounts AS (
      SELECT id FROM ledger_accounts
      WHERE is_house AND asset = ${asset} AND split_part(code, ':', 3) = ANY(${pgArray(purposes)}::text[])
    ), ends AS (
      SELECT
        (SELECT e.balance_after FROM ledger_entries e WHERE e.account_id = a.id
           AND e.created_at < to_timestamp(${window.to}) ORDER BY e.id DESC LIMIT 1) AS closing,
        (SELECT e.balance_after FROM ledger_entries e WHERE e.account_id = a.id
           AND e.created_at < to_timestamp(${window.from}) ORDER BY e.id DESC LIMIT 1) AS opening
      FROM accounts a
    )
    SELECT sum(coalesce(closing, 0) - coalesce(opening, 0))::text AS change FROM ends`);
  return BigInt(result.rows[0]?.change ?? '0');
}

/**
 * For each journal reference given, what its entries put on users' accounts of one bucket (the stake an open
 * order froze, the amount a pending withdrawal froze). A reference with no journal is absent from the map.
 */
export async function userBucketSumsByReference(
  db: DbOrTx,
  references: readonly string[],
  bucket: 'available' | 'frozen' | 'plan' | 'plan_interest',
): Promise<Map<string, bigint>> {
  if (references.length === 0) return new Map();
  const result = await db.execute<{ reference: string; amount: string }>(sql`
    SELECT j.reference, sum(e.amount)::text AS amount
    FROM ledger_journals j
    JOIN ledger_entries e ON e.journal_id = j.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE j.reference = ANY(${pgArray(references)}::text[]) AND NOT a.is_house AND split_part(a.code, ':', 4) = ${bucket}
    GROUP BY j.reference`);
  return new Map(result.rows.map((r) => [r.reference, BigInt(r.amount)]));
}

/**
 * The same, summed per group: `references` is a query of (grp, reference) rows, so a caller with many references
 * (every open order's) hands the ledger a query rather than a list, and the sum stays in the database.
 */
export async function userBucketSumsByGroup(
  db: DbOrTx,
  references: SQL,
  bucket: 'available' | 'frozen' | 'plan' | 'plan_interest',
): Promise<Map<string, bigint>> {
  const result = await db.execute<{ grp: string; amount: string }>(sql`
    SELECT r.grp, sum(e.amount)::text AS amount
    FROM (${references}) r
    JOIN ledger_journals j ON j.reference = r.reference
    JOIN ledger_entries e ON e.journal_id = j.id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE NOT a.is_house AND split_part(a.code, ':', 4) = ${bucket}
    GROUP BY r.grp`);
  return new Map(result.rows.map((r) => [r.grp, BigInt(r.amount)]));
}
