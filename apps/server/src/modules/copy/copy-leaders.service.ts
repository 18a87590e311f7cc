import { sql } from 'drizzle-orm';
import {
  CHAIN_GENESIS_HASH,
  COPY_LEADER_SHARE_PCT,
  COPY_MIN_RANKED_ORDERS,
  type LeadBody,
  type LeaderTerms,
  type MyLeader,
} from '@app/contracts';
import type { Db, DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { lockOrderUsers } from '../orders/index.ts';
import { appendEntries, canonical } from './copy-chain.ts';
import { toRecord, type RecordRow } from './copy-view.ts';
import { systemClock } from '../../platform/time/clock.ts';
import { seconds } from '../../platform/time/epoch.ts';

export const LEADER_TERMS: LeaderTerms = {
  leader_share_pct: COPY_LEADER_SHARE_PCT,
  min_ranked_orders: COPY_MIN_RANKED_ORDERS,
};

type LeaderRow = { id: number; display_name: string; description: string; status: 'active' | 'retired' };

/** The leader's last order id so far: a record holds the orders after it (taken under the order lock). */
async function lastOrderId(tx: DbOrTx, userId: number): Promise<number> {
  const r = await tx.execute<{ id: string }>(
    sql`SELECT coalesce(max(id), 0) AS id FROM contract_orders WHERE user_id = ${userId}`,
  );
  return Number(r.rows[0]!.id);
}

/**
 * Publishes the user as a leader, starting a new record (its chain opens with a start entry holding the
 * terms: display name and the 0 % leader share); a user who leads already only edits name and description.
 * Under the user's order lock, so no order of theirs can fall between "before" and "after".
 */
export async function lead(db: Db, userId: number, body: Required<Omit<LeadBody, 'agree'>>): Promise<MyLeader> {
  await db.transaction(async (tx) => {
    await lockOrderUsers(tx, [userId]);
    const existing = await tx.execute<LeaderRow>(
      sql`SELECT id, status FROM copy_leaders WHERE leader_user_id = ${userId} FOR UPDATE`,
    );
    const leader = existing.rows[0];
    if (leader?.status === 'active') {
      await tx.execute(sql`UPDATE copy_leaders SET display_name = ${body.display_name},
        description = ${body.description}, updated_at = now() WHERE id = ${leader.id}`);
      return;
    }
    const saved = await tx.execute<{ id: string }>(sql`
      INSERT INTO copy_leaders (leader_user_id, display_name, description, status)
      VALUES (${userId}, ${body.display_name}, ${body.description}, 'active')
      ON CONFLICT (leader_user_id) DO UPDATE SET display_name = excluded.display_name,
        description = excluded.description, status = 'active', updated_at = now()
      RETURNING id`);
    const leaderId = Number(saved.rows[0]!.id);
    const after = await lastOrderId(tx, userId);
    const record = await tx.execute<{ id: string; started_at: Date }>(sql`
      INSERT INTO copy_records (leader_id, status, after_order_id, head_seq, head_hash)
      VALUES (${leaderId}, 'active', ${after}, -1, ${CHAIN_GENESIS_HASH}) RETURNING id, started_at`);
    const recordId = Number(record.rows[0]!.id);
    const startedAt = seconds(new Date(record.rows[0]!.started_at));
    await appendEntries(tx, recordId, [
      {
        kind: 'start',
        orderId: null,
        data: () => canonical.start(recordId, leaderId, body.display_name, COPY_LEADER_SHARE_PCT, after, startedAt),
      },
    ]);
  });
  return myLeader(db, userId);
}

/**
 * Stops leading: the current record gets its retire entry (with the last order it holds) and stays public
 * for ever; live subscriptions to the leader stop. Rejoining later starts a new record.
 */
export async function unlead(db: Db, userId: number): Promise<MyLeader> {
  await db.transaction(async (tx) => {
    await lockOrderUsers(tx, [userId]);
    const found = await tx.execute<{ leader_id: string; record_id: string }>(sql`
      SELECT l.id AS leader_id, r.id AS record_id FROM copy_leaders l
      JOIN copy_records r ON r.leader_id = l.id AND r.status = 'active'
      WHERE l.leader_user_id = ${userId} FOR UPDATE OF l`);
    const row = found.rows[0];
    if (!row) throw new AppError('copy_not_leader');
    const leaderId = Number(row.leader_id);
    const recordId = Number(row.record_id);
    const until = await lastOrderId(tx, userId);
    const at = systemClock();
    await appendEntries(tx, recordId, [
      { kind: 'retire', orderId: null, data: (seq) => canonical.retire(recordId, seq, until, at) },
    ]);
    await tx.execute(sql`UPDATE copy_records SET status = 'retired', until_order_id = ${until},
      ended_at = to_timestamp(${at}) WHERE id = ${recordId}`);
    await tx.execute(sql`UPDATE copy_leaders SET status = 'retired', updated_at = now() WHERE id = ${leaderId}`);
    await tx.execute(sql`UPDATE copy_subscriptions SET status = 'stopped', stopped_reason = 'leader_retired',
      updated_at = now() WHERE leader_id = ${leaderId} AND status <> 'stopped'`);
  });
  return myLeader(db, userId);
}

/** Every record of a leader, newest first, with its order count. */
export async function recordsOf(db: DbOrTx, leaderId: number) {
  const rows = await db.execute<RecordRow>(sql`
    SELECT r.id, r.leader_id, r.status, r.started_at, r.ended_at, r.head_seq, r.head_hash,
      (SELECT count(*) FROM copy_record_entries e WHERE e.record_id = r.id AND e.kind = 'open')::int AS orders
    FROM copy_records r WHERE r.leader_id = ${leaderId} ORDER BY r.id DESC`);
  return rows.rows.map(toRecord);
}

export async function followersOf(db: DbOrTx, leaderId: number): Promise<number> {
  const r = await db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM copy_subscriptions WHERE leader_id = ${leaderId} AND status <> 'stopped'`,
  );
  return r.rows[0]!.n;
}

export async function myLeader(db: DbOrTx, userId: number): Promise<MyLeader> {
  const found = await db.execute<LeaderRow>(
    sql`SELECT id, display_name, description, status FROM copy_leaders WHERE leader_user_id = ${userId}`,
  );
  const leader = found.rows[0];
  if (!leader) return { leader: null, terms: LEADER_TERMS };
  const leaderId = Number(leader.id);
  const records = await recordsOf(db, leaderId);
  return {
    leader: {
      leader_id: leaderId,
      display_name: leader.display_name,
      description: leader.description,
      status: leader.status,
      record: records[0]!,
      records,
      followers: await followersOf(db, leaderId),
    },
    terms: LEADER_TERMS,
  };
}
