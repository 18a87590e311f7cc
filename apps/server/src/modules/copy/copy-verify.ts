import { sql } from 'drizzle-orm';
import { CHAIN_GENESIS_HASH, type ChainBreak, type ChainVerification } from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { canonical, entryHash } from './copy-chain.ts';

type EntryRow = { seq: number; kind: string; order_id: string | null; data: string; prev_hash: string; hash: string };
type OrderRow = {
  id: string;
  symbol: string;
  precision: number;
  direction: string;
  seconds: number;
  stake: string;
  fee: string;
  payout_bp: number;
  loss_bp: number;
  open_time: string;
  open_price: string;
  status: string;
  settle_time: string;
  settle_tick_time: string | null;
  settle_price: string | null;
  result: string | null;
  payout: string | null;
};

/**
 * Re-checks one record from the database: the chain (seq without gaps from 0, each prev_hash the previous
 * hash, each hash recomputed from its data, the record's head the last entry) and the chain against the
 * orders (each open and settle entry's data is exactly the canonical text of the order as it stands, every
 * real order the leader placed during the stint has its open entry (copies the server placed for the leader
 * as someone else's follower are not their own decisions and not in their record), every settled one its settle entry, and
 * no entry names an order outside the stint). Any UPDATE, DELETE or omission shows up as a break.
 */
export async function verifyRecord(db: DbOrTx, recordId: number): Promise<ChainVerification | null> {
  const found = await db.execute<{
    leader_id: string;
    leader_user_id: string;
    after_order_id: string;
    until_order_id: string | null;
    head_seq: number;
    head_hash: string;
  }>(sql`
    SELECT r.leader_id, l.leader_user_id, r.after_order_id, r.until_order_id, r.head_seq, r.head_hash
    FROM copy_records r JOIN copy_leaders l ON l.id = r.leader_id WHERE r.id = ${recordId}`);
  const record = found.rows[0];
  if (!record) return null;
  const entries = (
    await db.execute<EntryRow>(sql`
      SELECT seq, kind, order_id, data, prev_hash, hash FROM copy_record_entries
      WHERE record_id = ${recordId} ORDER BY seq`)
  ).rows;
  const until = record.until_order_id === null ? null : Number(record.until_order_id);
  const orders = (
    await db.execute<OrderRow>(sql`
      SELECT o.id, p.symbol, p.precision, o.direction, o.seconds, o.stake, o.fee, o.payout_bp, o.loss_bp,
             o.open_time, o.open_price, o.status, o.settle_time, o.settle_tick_time, o.settle_price, o.result, o.payout
      FROM contract_orders o JOIN products p ON p.id = o.product_id
      WHERE o.user_id = ${Number(record.leader_user_id)} AND o.mode = 'real' AND o.id > ${Number(record.after_order_id)}
        ${until === null ? sql`` : sql`AND o.id <= ${until}`}
        AND NOT EXISTS (SELECT 1 FROM copy_tasks t WHERE t.copy_order_id = o.id)
      ORDER BY o.id`)
  ).rows;
  const breaks: ChainBreak[] = [];
  const broken = (kind: string, seq: number | null, orderId: number | null, detail: string) =>
    breaks.push({ kind, seq, order_id: orderId, detail });

  // 1. The chain itself.
  let prev = CHAIN_GENESIS_HASH;
  entries.forEach((e, i) => {
    if (e.seq !== i) broken('gap', e.seq, null, `entry ${i} has seq ${e.seq}`);
    if (e.prev_hash !== prev) broken('bad_link', e.seq, null, `prev_hash ${e.prev_hash} is not ${prev}`);
    const hash = entryHash(e.prev_hash, e.data);
    if (hash !== e.hash) broken('bad_hash', e.seq, null, `hash ${e.hash} recomputes to ${hash}`);
    prev = e.hash;
  });
  const last = entries[entries.length - 1];
  if (!last || last.seq !== record.head_seq || last.hash !== record.head_hash)
    broken('head_mismatch', last?.seq ?? null, null, `record head ${record.head_seq}/${record.head_hash}`);

  // 2. The chain against the orders.
  const byId = new Map(orders.map((o) => [Number(o.id), o]));
  const opened = new Set<number>();
  const settled = new Set<number>();
  for (const e of entries) {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(e.data) as Record<string, unknown>;
    } catch {
      broken('bad_data', e.seq, null, 'data is not JSON');
    }
    if (parsed.kind !== e.kind || parsed.record !== recordId || (e.kind !== 'start' && parsed.seq !== e.seq))
      broken('bad_data', e.seq, null, 'kind, record or seq differ from the row');
    if (e.kind === 'start' && (e.seq !== 0 || parsed.after_order !== Number(record.after_order_id)))
      broken('bad_data', e.seq, null, 'the start entry does not match the record');
    // Orders of the stint still open at the retire settle afterwards: only their settle entries may follow it.
    if (
      e.kind === 'retire' &&
      (entries.some((x) => x.seq > e.seq && x.kind !== 'settle') || parsed.until_order !== until)
    )
      broken('bad_data', e.seq, null, 'the retire entry does not match the record');
    if (e.order_id === null) continue;
    const id = Number(e.order_id);
    const o = byId.get(id);
    if (!o) {
      broken('foreign_order', e.seq, id, 'the order is not a real order of the leader during this record');
      continue;
    }
    const fields = {
      id,
      symbol: o.symbol,
      precision: o.precision,
      direction: o.direction,
      seconds: o.seconds,
      stake: BigInt(o.stake),
      fee: BigInt(o.fee),
      payoutBp: o.payout_bp,
      lossBp: o.loss_bp,
      openTime: Number(o.open_time),
      openPrice: BigInt(o.open_price),
    };
    if (e.kind === 'open') {
      opened.add(id);
      if (e.data !== canonical.open(recordId, e.seq, fields))
        broken('bad_data', e.seq, id, 'the open entry differs from the order');
    } else {
      settled.add(id);
      const expected =
        o.status === 'settled'
          ? canonical.settle(recordId, e.seq, {
              id,
              precision: o.precision,
              settleTime: Number(o.settle_time),
              settleTickTime: Number(o.settle_tick_time),
              settlePrice: BigInt(o.settle_price!),
              result: o.result!,
              payout: BigInt(o.payout!),
            })
          : null;
      if (!opened.has(id)) broken('bad_data', e.seq, id, 'settled before it opened in the chain');
      if (e.data !== expected) broken('bad_data', e.seq, id, 'the settle entry differs from the order');
    }
  }
  for (const o of orders) {
    const id = Number(o.id);
    if (!opened.has(id)) broken('missing_order', null, id, 'a real order of the stint is not in the record');
    else if (o.status === 'settled' && !settled.has(id))
      broken('missing_settle', null, id, 'a settled order has no settle entry');
  }
  return {
    record_id: recordId,
    leader_id: Number(record.leader_id),
    ok: breaks.length === 0,
    entries: entries.length,
    orders: orders.length,
    head_hash: record.head_hash,
    breaks,
  };
}

/** Every record of a leader. */
export async function verifyLeader(db: DbOrTx, leaderId: number): Promise<ChainVerification[]> {
  const records = await db.execute<{ id: string }>(
    sql`SELECT id FROM copy_records WHERE leader_id = ${leaderId} ORDER BY id`,
  );
  const out: ChainVerification[] = [];
  for (const r of records.rows) out.push((await verifyRecord(db, Number(r.id)))!);
  return out;
}
