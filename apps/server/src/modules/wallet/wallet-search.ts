import { sql } from 'drizzle-orm';
import { compactNumber, formatMoney, SEARCH_PREFIX_FROM } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { inPatternOrder, startsWith } from '../../platform/db/like-pattern.ts';
import { seconds } from '../../platform/time/epoch.ts';
import { mask, methodTitle } from './payment-methods.service.ts';
import { deposits, paymentMethods, withdrawals } from './wallet.table.ts';

/**
 * The console's search everything, the wallet's part: payout methods (a user by card number, wallet address or
 * Alipay / WeChat account), deposits (by id or reference code) and withdrawals (by id). Every lookup is one index
 * range read in index order and stopped at `limit + 1` rows (the one more says there are more); what leaves is
 * what an operator's list shows: payout accounts masked, a withdrawal's destination as masked at submission.
 */

const isPrefix = (q: string) => [...q].length >= SEARCH_PREFIX_FROM;
const idOf = (q: string) => (/^[0-9]{1,15}$/.test(q) ? Number(q) : null);

export type PayoutMethodHit = { userId: number; value: string; exact: boolean; removed: boolean };

/**
 * Payout methods whose account is the query or (from SEARCH_PREFIX_FROM characters) starts with it, case aside,
 * removed ones included (an old card still finds its user): `payment_methods_account_prefix_idx`. A card number
 * typed in groups ("6222 0212 ...") is looked up without its spaces, as it was stored.
 */
export async function searchPayoutMethodsForOperator(
  db: DbOrTx,
  q: string,
  limit: number,
): Promise<{ hits: PayoutMethodHit[]; more: boolean }> {
  const key = compactNumber(q) ?? q;
  const account = sql`lower(${paymentMethods.account})`;
  const where = isPrefix(key) ? sql`${account} LIKE lower(${startsWith(key)})` : sql`${account} = lower(${key})`;
  const rows = await db
    .select({
      userId: paymentMethods.userId,
      kind: paymentMethods.kind,
      account: paymentMethods.account,
      bankName: paymentMethods.bankName,
      currency: paymentMethods.currency,
      network: paymentMethods.network,
      removedAt: paymentMethods.removedAt,
      exact: sql<boolean>`${account} = lower(${key})`,
    })
    .from(paymentMethods)
    .where(where)
    .orderBy(inPatternOrder(account))
    .limit(limit + 1);
  return {
    hits: rows.slice(0, limit).map((m) => ({
      userId: m.userId,
      value: `${methodTitle(m)} ${mask(m.account)}`,
      exact: m.exact,
      removed: m.removedAt !== null,
    })),
    more: rows.length > limit,
  };
}

export type DepositHit = {
  id: number;
  userId: number;
  referenceCode: string;
  amount: string;
  status: number;
  createdAt: number;
  matched: 'id' | 'reference';
  exact: boolean;
};

/**
 * Self-service deposits (the review queue's: class 0) by id, or by reference code whole or (from
 * SEARCH_PREFIX_FROM characters) by its beginning, case aside: the primary key and `deposits_reference_prefix_idx`.
 */
export async function searchDepositsForOperator(
  db: DbOrTx,
  q: string,
  limit: number,
): Promise<{ hits: DepositHit[]; more: boolean }> {
  const columns = sql`${deposits.id} AS id, ${deposits.userId} AS user_id, ${deposits.referenceCode} AS reference_code,
    ${deposits.amount} AS amount, ${deposits.status} AS status, ${deposits.createdAt} AS created_at`;
  const reference = sql`upper(${deposits.referenceCode})`;
  const branches = [];
  const id = idOf(q);
  if (id !== null)
    branches.push(sql`(SELECT ${columns}, 'id' AS matched, true AS exact
      FROM ${deposits} WHERE ${deposits.id} = ${id} AND ${deposits.class} = 0)`);
  branches.push(
    isPrefix(q)
      ? sql`(SELECT ${columns}, 'reference' AS matched, ${reference} = upper(${q}) AS exact
          FROM ${deposits} WHERE ${reference} LIKE upper(${startsWith(q)}) AND ${deposits.class} = 0
          ORDER BY ${inPatternOrder(reference)} LIMIT ${limit + 1})`
      : sql`(SELECT ${columns}, 'reference' AS matched, true AS exact
          FROM ${deposits} WHERE ${reference} = upper(${q}) AND ${deposits.class} = 0)`,
  );
  const { rows } = await db.execute<{
    id: bigint;
    user_id: bigint;
    reference_code: string;
    amount: bigint;
    status: number;
    created_at: string;
    matched: 'id' | 'reference';
    exact: boolean;
  }>(sql.join(branches, sql` UNION ALL `));
  const byReference = rows.filter((r) => r.matched === 'reference');
  const seen = new Set<number>();
  const hits: DepositHit[] = [];
  for (const r of [...rows.filter((r) => r.matched === 'id'), ...byReference.slice(0, limit)]) {
    const depositId = Number(r.id);
    if (seen.has(depositId)) continue;
    seen.add(depositId);
    hits.push({
      id: depositId,
      userId: Number(r.user_id),
      referenceCode: r.reference_code,
      amount: formatMoney(r.amount),
      status: r.status,
      createdAt: seconds(r.created_at),
      matched: r.matched,
      exact: r.exact,
    });
  }
  return { hits, more: byReference.length > limit };
}

export type WithdrawalHit = {
  id: number;
  userId: number;
  amount: string;
  status: number;
  destination: string;
  createdAt: number;
};

/** A withdrawal by its id (withdrawals have no reference of their own): the primary key. */
export async function searchWithdrawalsForOperator(db: DbOrTx, q: string): Promise<WithdrawalHit[]> {
  const id = idOf(q);
  if (id === null) return [];
  const rows = await db
    .select({
      id: withdrawals.id,
      userId: withdrawals.userId,
      amount: withdrawals.amount,
      status: withdrawals.status,
      destination: withdrawals.destination,
      createdAt: withdrawals.createdAt,
    })
    .from(withdrawals)
    .where(sql`${withdrawals.id} = ${id}`);
  return rows.map((w) => ({
    id: w.id,
    userId: w.userId,
    amount: formatMoney(w.amount),
    status: w.status,
    destination: w.destination,
    createdAt: seconds(w.createdAt),
  }));
}
