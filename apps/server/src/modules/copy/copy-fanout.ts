import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/client.ts';
import { appendEntries, canonical, type OpenFields, type SettleFields } from './copy-chain.ts';

/**
 * Called by order placement, inside the order's transaction, when the order is a real order of a user who
 * leads now: the order joins the record's chain, and every active subscription to the leader gets one copy
 * task (unique per follower and leader order). Returns how many tasks were written.
 */
export async function recordLeaderOrder(tx: Tx, recordId: number, order: OpenFields): Promise<number> {
  await appendEntries(tx, recordId, [
    { kind: 'open', orderId: order.id, data: (seq) => canonical.open(recordId, seq, order) },
  ]);
  const tasks = await tx.execute(sql`
    INSERT INTO copy_tasks (user_id, subscription_id, leader_order_id, record_id)
    SELECT s.user_id, s.id, ${order.id}, ${recordId}
    FROM copy_subscriptions s JOIN copy_records r ON r.leader_id = s.leader_id
    WHERE r.id = ${recordId} AND s.status = 'active'
    ON CONFLICT DO NOTHING`);
  return tasks.rowCount ?? 0;
}

/**
 * Called by settlement, inside its transaction: settled orders that are in a record get their settlement
 * entry in that record's chain. Records are locked in id order, so concurrent settlement batches cannot
 * deadlock on them.
 */
export async function recordSettlements(tx: Tx, settled: Array<Omit<SettleFields, 'precision'>>): Promise<void> {
  if (settled.length === 0) return;
  const found = await tx.execute<{ record_id: string; order_id: string; precision: number }>(sql`
    SELECT e.record_id, e.order_id, p.precision
    FROM copy_record_entries e
    JOIN contract_orders o ON o.id = e.order_id
    JOIN products p ON p.id = o.product_id
    WHERE e.kind = 'open' AND e.order_id = ANY(${`{${settled.map((s) => s.id).join(',')}}`}::bigint[])`);
  if (found.rows.length === 0) return;
  const byId = new Map(settled.map((s) => [s.id, s]));
  const byRecord = new Map<number, SettleFields[]>();
  for (const row of found.rows) {
    const recordId = Number(row.record_id);
    const s = byId.get(Number(row.order_id))!;
    if (!byRecord.has(recordId)) byRecord.set(recordId, []);
    byRecord.get(recordId)!.push({ ...s, precision: row.precision });
  }
  for (const recordId of [...byRecord.keys()].sort((a, b) => a - b)) {
    const entries = byRecord.get(recordId)!.sort((a, b) => a.id - b.id);
    await appendEntries(
      tx,
      recordId,
      entries.map((s) => ({
        kind: 'settle' as const,
        orderId: s.id,
        data: (seq: number) => canonical.settle(recordId, seq, s),
      })),
    );
  }
}
