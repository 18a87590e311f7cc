import { sql } from 'drizzle-orm';
import {
  CHAIN_GENESIS_HASH,
  COPY_MIN_RANKED_ORDERS,
  formatMoney,
  type Chain,
  type LeaderDetail,
  type LeaderList,
  type LeaderSort,
  type LeaderSummary,
  type RecordOrderList,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { productsById } from '../market/index.ts';
import { ordersById, ordersIn, toOrder, type OrderRow } from '../orders/index.ts';
import { followersOf, LEADER_TERMS, recordsOf } from './copy-leaders.service.ts';
import { ratioPct, recordStats, type StatOrder } from './copy-stats.ts';
import { seconds } from '../../platform/time/epoch.ts';

type SummaryRow = {
  leader_id: string;
  display_name: string;
  description: string;
  status: 'active' | 'retired';
  record_id: string;
  started_at: Date;
  head_hash: string;
  orders: number;
  settled: number;
  wins: number;
  losses: number;
  pnl: string;
  stake: string;
  decided_loss: string;
  decided_swing: string;
  followers: number;
};

/**
 * The leaders list. Each leader's figures are of their current record (or latest, once retired), computed
 * by SQL aggregates with the same formulas as the leader page. Leaders with at least COPY_MIN_RANKED_ORDERS
 * settled orders are ranked by the chosen measure; the rest follow, unranked, newest first.
 */
export async function listLeaders(
  db: DbOrTx,
  query: { sort: LeaderSort; status: 'active' | 'retired' | 'all'; page: number; size: number },
): Promise<LeaderList> {
  const status = query.status === 'all' ? sql`true` : sql`l.status = ${query.status}`;
  const rows = await db.execute<SummaryRow>(sql`
    SELECT l.id AS leader_id, l.display_name, l.description, l.status, r.id AS record_id, r.started_at, r.head_hash,
      count(o.id)::int AS orders,
      count(o.id) FILTER (WHERE o.status = 'settled')::int AS settled,
      count(o.id) FILTER (WHERE o.result = 'win')::int AS wins,
      count(o.id) FILTER (WHERE o.result = 'loss')::int AS losses,
      coalesce(sum(o.payout - o.stake - o.fee) FILTER (WHERE o.status = 'settled'), 0)::text AS pnl,
      coalesce(sum(o.stake) FILTER (WHERE o.status = 'settled'), 0)::text AS stake,
      coalesce(sum((o.stake * o.loss_bp + 9999) / 10000 + o.fee) FILTER (WHERE o.result IN ('win','loss')), 0)::text
        AS decided_loss,
      coalesce(sum(o.stake * o.payout_bp / 10000 + (o.stake * o.loss_bp + 9999) / 10000)
        FILTER (WHERE o.result IN ('win','loss')), 0)::text AS decided_swing,
      (SELECT count(*) FROM copy_subscriptions s WHERE s.leader_id = l.id AND s.status <> 'stopped')::int AS followers
    FROM copy_leaders l
    JOIN LATERAL (SELECT * FROM copy_records r WHERE r.leader_id = l.id ORDER BY r.id DESC LIMIT 1) r ON true
    LEFT JOIN copy_record_entries e ON e.record_id = r.id AND e.kind = 'open'
    LEFT JOIN contract_orders o ON o.id = e.order_id
    WHERE ${status}
    GROUP BY l.id, r.id, r.started_at, r.head_hash`);
  const all = rows.rows.map((r) => {
    const pnl = BigInt(r.pnl);
    const summary: LeaderSummary = {
      leader_id: Number(r.leader_id),
      display_name: r.display_name,
      description: r.description,
      status: r.status,
      record_id: Number(r.record_id),
      rank: null,
      ranked: r.settled >= COPY_MIN_RANKED_ORDERS,
      settled: r.settled,
      orders: r.orders,
      win_rate: ratioPct(BigInt(r.wins), BigInt(r.wins + r.losses)),
      break_even_win_rate: ratioPct(BigInt(r.decided_loss), BigInt(r.decided_swing)),
      pnl: formatMoney(pnl),
      pnl_pct: ratioPct(pnl, BigInt(r.stake)),
      followers: r.followers,
      started_at: seconds(r.started_at),
      head_hash: r.head_hash,
    };
    // Sort keys in basis points / counts, exact (no float parsing of the strings).
    const bp = (num: bigint, den: bigint) => (den === 0n ? -(10n ** 12n) : (num * 10_000n) / den);
    const key: Record<LeaderSort, bigint> = {
      win_rate: bp(BigInt(r.wins), BigInt(r.wins + r.losses)),
      pnl_pct: bp(pnl, BigInt(r.stake)),
      orders: BigInt(r.orders),
      followers: BigInt(r.followers),
    };
    return { summary, key: key[query.sort] };
  });
  const ranked = all
    .filter((x) => x.summary.ranked)
    .sort((a, b) => (a.key === b.key ? a.summary.leader_id - b.summary.leader_id : a.key > b.key ? -1 : 1));
  ranked.forEach((x, i) => (x.summary.rank = i + 1));
  const unranked = all.filter((x) => !x.summary.ranked).sort((a, b) => b.summary.record_id - a.summary.record_id);
  const ordered = [...ranked, ...unranked].map((x) => x.summary);
  const from = (query.page - 1) * query.size;
  return {
    items: ordered.slice(from, from + query.size),
    total: ordered.length,
    page: query.page,
    sort: query.sort,
    terms: LEADER_TERMS,
  };
}

/** The orders of a record with their products (open entries, in order). */
async function recordOrders(db: DbOrTx, recordId: number) {
  const orders = await ordersIn(
    db,
    sql`(SELECT order_id FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'open')`,
  );
  return orders.map((order) => ({ order }));
}

export async function followerResults(db: DbOrTx, recordId: number) {
  const r = await db.execute<{ copies: number; pnl: string }>(sql`
    SELECT count(*)::int AS copies, coalesce(sum(o.payout - o.stake - o.fee), 0)::text AS pnl
    FROM copy_tasks t JOIN contract_orders o ON o.id = t.copy_order_id
    WHERE t.record_id = ${recordId} AND t.status = 'copied' AND o.status = 'settled'`);
  return { copies: r.rows[0]!.copies, pnl: BigInt(r.rows[0]!.pnl) };
}

export async function leaderDetail(
  db: DbOrTx,
  input: { leaderId: number; recordId?: number | undefined; viewerId: number | null; tz: string; simulated: boolean },
): Promise<LeaderDetail> {
  const found = await db.execute<{
    id: string;
    leader_user_id: string;
    display_name: string;
    description: string;
    status: 'active' | 'retired';
  }>(sql`SELECT id, leader_user_id, display_name, description, status FROM copy_leaders WHERE id = ${input.leaderId}`);
  const leader = found.rows[0];
  if (!leader) throw new AppError('copy_leader_not_found');
  const records = await recordsOf(db, input.leaderId);
  const record = input.recordId === undefined ? records[0] : records.find((r) => r.id === input.recordId);
  if (!record) throw new AppError('no_data');
  const orders = await recordOrders(db, record.id);
  const followers = await followersOf(db, input.leaderId);
  const results = await followerResults(db, record.id);
  const following =
    input.viewerId === null
      ? false
      : (
          await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM copy_subscriptions
            WHERE user_id = ${input.viewerId} AND leader_id = ${input.leaderId} AND status <> 'stopped'`)
        ).rows[0]!.n > 0;
  return {
    leader_id: input.leaderId,
    display_name: leader.display_name,
    description: leader.description,
    status: leader.status,
    terms: LEADER_TERMS,
    records,
    record,
    stats: recordStats(
      record.id,
      orders.map(({ order }): StatOrder => order),
      input.tz,
      { followers, copies: results.copies, pnl: results.pnl },
    ),
    following,
    is_me: input.viewerId !== null && Number(leader.leader_user_id) === input.viewerId,
    simulated: input.simulated,
  };
}

/** A record's orders, newest first, paged; public. */
export async function listRecordOrders(
  db: DbOrTx,
  input: { recordId: number; page: number; size: number; simulated: boolean },
): Promise<RecordOrderList> {
  const exists = await db.execute(sql`SELECT 1 FROM copy_records WHERE id = ${input.recordId}`);
  if (exists.rows.length === 0) throw new AppError('no_data');
  const rows = await db.execute<{ id: string }>(sql`
    SELECT order_id AS id FROM copy_record_entries WHERE record_id = ${input.recordId} AND kind = 'open'
    ORDER BY order_id DESC LIMIT ${input.size} OFFSET ${(input.page - 1) * input.size}`);
  const total = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM copy_record_entries WHERE record_id = ${input.recordId} AND kind = 'open'`,
  );
  const ids = rows.rows.map((r) => Number(r.id));
  const orders: OrderRow[] = ids.length ? await ordersById(db, ids) : [];
  const byId = await productsById(
    db,
    orders.map((o) => o.productId),
  );
  return {
    items: orders.sort((a, b) => b.id - a.id).map((o) => toOrder(o, byId.get(o.productId)!)),
    total: total.rows[0]!.n,
    page: input.page,
  };
}

/** The chain of a record, in seq order from `after`; public, so anyone can recompute every hash. */
export async function chainOf(db: DbOrTx, input: { recordId: number; after: number; limit: number }): Promise<Chain> {
  const found = await db.execute<{ leader_id: string; head_seq: number; head_hash: string }>(
    sql`SELECT leader_id, head_seq, head_hash FROM copy_records WHERE id = ${input.recordId}`,
  );
  const record = found.rows[0];
  if (!record) throw new AppError('no_data');
  const rows = await db.execute<{
    seq: number;
    kind: 'start' | 'open' | 'settle' | 'retire';
    order_id: string | null;
    data: string;
    prev_hash: string;
    hash: string;
    created_at: Date;
  }>(sql`
    SELECT seq, kind, order_id, data, prev_hash, hash, created_at FROM copy_record_entries
    WHERE record_id = ${input.recordId} AND seq > ${input.after} ORDER BY seq LIMIT ${input.limit}`);
  const items = rows.rows.map((e) => ({
    record_id: input.recordId,
    seq: e.seq,
    kind: e.kind,
    order_id: e.order_id === null ? null : Number(e.order_id),
    data: e.data,
    prev_hash: e.prev_hash,
    hash: e.hash,
    created_at: seconds(e.created_at),
  }));
  const lastSeq = items.length ? items[items.length - 1]!.seq : null;
  return {
    record_id: input.recordId,
    leader_id: Number(record.leader_id),
    genesis_hash: CHAIN_GENESIS_HASH,
    head_hash: record.head_hash,
    entries_total: record.head_seq + 1,
    items,
    next_after: lastSeq !== null && lastSeq < record.head_seq ? lastSeq : null,
  };
}
