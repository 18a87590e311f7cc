import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { bpToPct, formatMoney, formatPrice, type ChainEntryKind } from '@app/contracts';
import type { Tx } from '../../platform/db/client.ts';
import { copyRecordEntries } from './copy.table.ts';
import type { LeaderOrderOpened, OrderSettled } from '../orders/index.ts';

/**
 * The proof of a record: every entry's `data` is a canonical JSON text (keys in the fixed order written
 * below, integers as numbers, money and prices as decimal strings as the API shows them), and
 * hash = hex(sha256(prev_hash + "\n" + data)) with prev_hash of entry 0 = 64 zeros. Anyone holding the
 * entries can recompute every hash; changing or removing any entry changes every hash after it.
 */
export function entryHash(prevHash: string, data: string): string {
  return createHash('sha256').update(`${prevHash}\n${data}`).digest('hex');
}

/** A leader's order as it opened and as it settled, as orders announce them (with the product's precision). */
export type OpenFields = LeaderOrderOpened;
export type SettleFields = OrderSettled & { precision: number };

/** JSON.stringify keeps insertion order, so each builder below fixes the key order of its kind. */
export const canonical = {
  start: (record: number, leaderId: number, displayName: string, sharePct: string, afterOrderId: number, at: number) =>
    JSON.stringify({
      kind: 'start',
      record,
      seq: 0,
      leader: leaderId,
      display_name: displayName,
      leader_share_pct: sharePct,
      after_order: afterOrderId,
      started_at: at,
    }),
  open: (record: number, seq: number, o: OpenFields) =>
    JSON.stringify({
      kind: 'open',
      record,
      seq,
      order: o.id,
      symbol: o.symbol,
      direction: o.direction,
      seconds: o.seconds,
      stake: formatMoney(o.stake),
      fee: formatMoney(o.fee),
      payout_pct: bpToPct(o.payoutBp),
      loss_pct: bpToPct(o.lossBp),
      open_time: o.openTime,
      open_price: formatPrice(o.openPrice, o.precision),
    }),
  settle: (record: number, seq: number, s: SettleFields) =>
    JSON.stringify({
      kind: 'settle',
      record,
      seq,
      order: s.id,
      settle_time: s.settleTime,
      settle_tick_time: s.settleTickTime,
      settle_price: formatPrice(s.settlePrice, s.precision),
      result: s.result,
      payout: formatMoney(s.payout),
    }),
  retire: (record: number, seq: number, untilOrderId: number, at: number) =>
    JSON.stringify({ kind: 'retire', record, seq, until_order: untilOrderId, ended_at: at }),
};

export type NewEntry = { kind: ChainEntryKind; orderId: number | null; data: (seq: number) => string };

/**
 * Appends entries to a record's chain after its head and moves the head. The record row is locked first
 * (FOR UPDATE), so appenders of one record (the leader's order, the settlement job, retiring) queue and the
 * chain never forks; (record_id, seq) is the primary key besides.
 */
export async function appendEntries(tx: Tx, recordId: number, entries: NewEntry[]): Promise<string> {
  const head = await tx.execute<{ head_seq: number; head_hash: string }>(
    sql`SELECT head_seq, head_hash FROM copy_records WHERE id = ${recordId} FOR UPDATE`,
  );
  let seq = head.rows[0]!.head_seq;
  let prev = head.rows[0]!.head_hash;
  const rows = [];
  for (const e of entries) {
    seq += 1;
    const data = e.data(seq);
    const hash = entryHash(prev, data);
    rows.push({ recordId, seq, kind: e.kind, orderId: e.orderId, data, prevHash: prev, hash });
    prev = hash;
  }
  if (rows.length) {
    await tx.insert(copyRecordEntries).values(rows);
    await tx.execute(sql`UPDATE copy_records SET head_seq = ${seq}, head_hash = ${prev} WHERE id = ${recordId}`);
  }
  return prev;
}
