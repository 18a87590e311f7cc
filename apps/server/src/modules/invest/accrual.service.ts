import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { postJournal, type Transfer, houseShard, userAccount } from '../ledger/index.ts';

export const ACCRUAL_BATCH = 5_000;

/**
 * Credits every completed day (day < today) of open lots that has not been credited yet. Set-based: one
 * INSERT of the (lot, day) accrual rows, whose primary key makes each day count once whatever runs it, one
 * UPDATE of the lots, and one journal for the whole batch: the house's plan shards pay each lot's interest for
 * the days credited in this pass (a user's lots netted to one entry per bucket; each lot's days stay in
 * invest_accruals). One journal instead of one per lot halves the ledger entries (the house side is one entry per
 * shard, not per lot) and leaves a handful of statements per batch. The amount of day k
 * is floor(P x r x k / 365) - floor(P x r x (k - 1) / 365): integer cents, the remainder carried.
 *
 * `lotIds` restricts the pass to lots the caller has already locked (stop, top-up, maturity); without it
 * the pass takes up to `limit` due lots with SKIP LOCKED, after `afterId`. Returns the lots it saw.
 */
export async function accrueLots(
  tx: Tx,
  today: number,
  options: { lotIds?: number[]; afterId?: number; limit?: number } = {},
): Promise<{ lots: number; lastId: number; days: number }> {
  const through = today - 1;
  const scope = options.lotIds
    ? sql`l.id = ANY(${`{${options.lotIds.join(',')}}`}::bigint[])`
    : sql`l.id > ${options.afterId ?? 0}`;
  const picked = await tx.execute<{ id: string }>(sql`
    SELECT l.id FROM invest_lots l
    WHERE l.open = 1 AND l.accrued_through < l.last_day AND l.accrued_through < ${through} AND ${scope}
    ORDER BY l.id LIMIT ${options.limit ?? ACCRUAL_BATCH}
    FOR UPDATE SKIP LOCKED`);
  if (picked.rows.length === 0) return { lots: 0, lastId: options.afterId ?? 0, days: 0 };
  const ids = `{${picked.rows.map((r) => r.id).join(',')}}`;

  const credited = await tx.execute<{
    lot_id: string;
    user_id: string;
    amount: string;
    held: number;
    days: string;
    to_day: number;
  }>(sql`
    WITH ins AS (
      INSERT INTO invest_accruals (lot_id, day, holding_id, user_id, amount, held)
      SELECT l.id, d.day, l.holding_id, l.user_id,
        (floor(l.principal::numeric * l.rate_bp * (d.day - l.first_day + 1) / 3650000)
          - floor(l.principal::numeric * l.rate_bp * (d.day - l.first_day) / 3650000))::bigint,
        -- A subquery per lot, not a join: a join was hashed over every holding of the table, once per batch.
        (SELECT CASE WHEN h.share_type = 'maturity' OR h.status = 3 THEN 1 ELSE 0 END
         FROM invest_holdings h WHERE h.id = l.holding_id)
      FROM invest_lots l
      CROSS JOIN LATERAL generate_series(l.accrued_through + 1, least(l.last_day, ${through})) AS d(day)
      WHERE l.id = ANY(${ids}::bigint[])
      ON CONFLICT (lot_id, day) DO NOTHING
      RETURNING lot_id, user_id, amount, held, day
    ),
    per_lot AS (
      SELECT lot_id, min(user_id) AS user_id, sum(amount) AS amount, max(held) AS held, count(*) AS days, max(day) AS to_day
      FROM ins GROUP BY lot_id
    ),
    upd AS (
      UPDATE invest_lots l SET accrued_through = greatest(l.accrued_through, p.to_day), accrued = l.accrued + p.amount,
        held = l.held + CASE WHEN p.held = 1 THEN p.amount ELSE 0 END
      FROM per_lot p WHERE l.id = p.lot_id
      RETURNING l.id
    )
    SELECT p.lot_id, p.user_id, p.amount, p.held, p.days, p.to_day FROM per_lot p`);

  let days = 0;
  const transfers: Transfer[] = [];
  for (const r of credited.rows) {
    days += Number(r.days);
    const amount = BigInt(r.amount);
    if (amount === 0n) continue;
    const userId = Number(r.user_id);
    transfers.push({
      from: houseShard('plans', userId),
      to: userAccount(userId, r.held === 1 ? 'plan_interest' : 'available'),
      amount,
    });
  }
  if (transfers.length) {
    // Named by one of its lots and the day that lot is now credited to: a lot's credited day only moves forward,
    // so no other pass ever credits that lot to that day again, and the reference is the batch's alone.
    const first = credited.rows.reduce((a, b) => (Number(b.lot_id) < Number(a.lot_id) ? b : a));
    await postJournal(tx, {
      reference: `yeb:lots:${first.lot_id}:to:${first.to_day}`,
      kind: 'plan_accrual',
      transfers,
      memo: { lots: credited.rows.length, days, through },
    });
  }
  return { lots: picked.rows.length, lastId: Number(picked.rows.at(-1)!.id), days };
}

/**
 * Batches that run side by side. Each takes its lots with SKIP LOCKED, so a worker steps over the batch another
 * holds and takes the next one; the work of a batch (accrual rows, lot totals, entries) overlaps, and only the
 * house shards, locked last by every batch, are taken in turn.
 */
export const ACCRUAL_WORKERS = 2;

/** Every due lot, in batches of one transaction each; returns how many lot-days were credited. */
export async function accrueAll(
  db: Db,
  today: number,
  batch = ACCRUAL_BATCH,
  shouldStop: () => boolean = () => false,
  workers = ACCRUAL_WORKERS,
): Promise<number> {
  let total = 0;
  // A worker stops when it finds fewer than a batch of due lots it can lock past its last batch: the ones it
  // stepped over are in another worker's batch, committed by that worker.
  const worker = async () => {
    let afterId = 0;
    for (;;) {
      const pass = await db.transaction((tx) => accrueLots(tx, today, { afterId, limit: batch }));
      total += pass.days;
      if (pass.lots < batch || shouldStop()) return;
      afterId = pass.lastId;
    }
  };
  await Promise.all(Array.from({ length: workers }, worker));
  return total;
}
