import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import {
  appendLeaves,
  frontierOf,
  hashUp,
  leafHash,
  nodeKey,
  rootOf,
  tileBase,
  writtenLevel,
  type Hash,
  type NodeKey,
} from './merkle.ts';
import { headMessage, type LogSigner } from './log-signer.ts';
import { XACT_LOCKS } from '../../platform/db/advisory-locks.ts';

/** Entries one sequencer transaction integrates; a backlog takes several in one pass. */
export const SEQUENCE_BATCH = 5_000;
/** A head older than this is signed again with a fresh timestamp, even when the tree did not grow. */
export const HEAD_MAX_AGE_MS = 60_000;
/**
 * Taken in the sequencer's transaction: the leader lock keeps the job on one node, this keeps two sequencers
 * (a leader that lost its lock connection mid-pass and its successor) from both extending the same tree.
 */

export type SequencePass = { sequenced: number; dropped: number; treeSize: number; signed: boolean };

type Head = { treeSize: number; timestamp: number; keyId: string; scanFrom: string | null };

/**
 * The entries without a leaf written by transactions from `from` on: the queue. Its rows from before the last pass
 * are few (those of transactions that were still running then), whatever the log's size. `from` must be a value the
 * planner sees (not a column of another table): the block range index (log_entries_tx_brin, on tx as a number)
 * is chosen by the estimate of how many rows are that recent, and a bound it cannot see looks like a third of the
 * table, which it would rather read in full.
 */
const queuedSince = (from: string) => sql`
  SELECT e.id FROM log_entries e
  WHERE e.tx >= ${from}::xid8 AND (e.tx::text)::bigint >= ${from}::bigint
    AND NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.entry_id = e.id)`;

const latestHeadRow = sql`SELECT tree_size, timestamp, key_id, scan_from::text AS scan_from FROM log_heads ORDER BY id DESC LIMIT 1`;

/**
 * Integrates queued entries into the tree and signs a head, until the queue is empty; re-signs a head that grew
 * old. Each batch is one transaction: leaf indexes, the new nodes and the signed head commit together or not at
 * all, so a crash at any moment leaves a tree that every stored head describes.
 */
export async function sequence(
  db: Db,
  signer: LogSigner,
  options: { batch?: number; nowMs?: () => number; stopped?: () => boolean } = {},
): Promise<SequencePass> {
  const pass: SequencePass = { sequenced: 0, dropped: 0, treeSize: 0, signed: false };
  // After a full batch the head's scan start stays where it was (more of the queue may be older than the oldest
  // transaction running now); the batch that finds the queue's end records it, even when it finds nothing to add,
  // or every pass would read again from the stale start until something new was queued.
  let behind = false;
  for (;;) {
    const step = await sequenceBatch(db, signer, options.batch ?? SEQUENCE_BATCH, options.nowMs ?? Date.now, behind);
    behind = step.more;
    pass.sequenced += step.sequenced;
    pass.dropped += step.dropped;
    pass.treeSize = step.treeSize;
    pass.signed ||= step.signed;
    if (!step.more || options.stopped?.()) return pass;
  }
}

async function sequenceBatch(db: Db, signer: LogSigner, batch: number, nowMs: () => number, behind: boolean) {
  // Most passes find nothing to do: answered without a transaction or a lock.
  const last = await latestHead(db);
  const glance = await db.execute<{ queued: boolean }>(
    sql`SELECT EXISTS (${queuedSince(last?.scanFrom ?? '0')}) AS queued`,
  );
  const fresh = (h: Head | null) => h !== null && h.keyId === signer.keyId && nowMs() - h.timestamp < HEAD_MAX_AGE_MS;
  if (!glance.rows[0]!.queued && fresh(last) && !behind)
    return { sequenced: 0, dropped: 0, treeSize: last?.treeSize ?? 0, signed: false, more: false };

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.logSequencer})`);
    const head = await latestHead(tx);
    const size = head?.treeSize ?? 0;
    // Every transaction older than the oldest still running has ended: once its entries are read (this pass, or
    // the next ones when a batch is full), the next pass starts at that transaction. Taken before the entries
    // are read, so none of what is read can be older.
    const oldest = (
      await tx.execute<{ xmin: string }>(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)
    ).rows[0]!.xmin;
    // The queue's ids found first and then cut to a batch: left to pick one plan for both, the planner may walk
    // the whole table in id order to find the first rows of a queue that is all at its end.
    const queued = await tx.execute<{ id: number; once_key: string | null; data: string; logged: boolean }>(sql`
      WITH queue AS MATERIALIZED (${queuedSince(head?.scanFrom ?? '0')})
      SELECT e.id, e.once_key, e.data,
             e.once_key IS NOT NULL AND EXISTS (SELECT 1 FROM log_leaves l WHERE l.once_key = e.once_key) AS logged
      FROM (SELECT id FROM queue ORDER BY id LIMIT ${batch}) AS q JOIN log_entries e ON e.id = q.id
      ORDER BY e.id`);
    // An entry the log holds once (a price second) is kept the first time only; its later copies go.
    const kept: typeof queued.rows = [];
    const dropped: number[] = [];
    const once = new Set<string>();
    for (const row of queued.rows) {
      if (row.once_key !== null && (row.logged || once.has(row.once_key))) dropped.push(Number(row.id));
      else {
        if (row.once_key !== null) once.add(row.once_key);
        kept.push(row);
      }
    }
    const more = queued.rows.length === batch;
    const scanFrom = more ? (head?.scanFrom ?? '0') : oldest;
    if (kept.length === 0 && fresh(head) && (more || !behind)) {
      if (dropped.length) await tx.execute(sql`DELETE FROM log_entries WHERE id = ANY(${pgArray(dropped)}::bigint[])`);
      return { sequenced: 0, dropped: dropped.length, treeSize: size, signed: false, more };
    }

    const frontier = await readNodes(tx, frontierOf(size));
    const added = appendLeaves(
      size,
      kept.map((r) => leafHash(Buffer.from(r.data, 'utf8'))),
      (k) => found(frontier, k),
    );
    const treeSize = size + kept.length;
    const all = new Map(frontier);
    for (const n of added) all.set(nodeKey(n), n.hash);
    const rootHash = rootOf(treeSize, (k) => found(all, k));
    // A leaf's hash is its entry's, hashed when read. The levels between tiles are written for the release before
    // this one (merkle.ts, writtenLevel), though this one reads only the tile levels (readNodes).
    const stored = added.filter((n) => writtenLevel(n.level));
    // Never behind the last head, should the clock step back.
    const timestamp = Math.max(nowMs(), head?.timestamp ?? 0);
    const signature = signer.sign(headMessage({ treeSize, rootHash, timestamp }));
    await tx.execute(sql`
      WITH key AS (INSERT INTO log_keys (key_id, public_key) VALUES (${signer.keyId}, ${signer.publicKey})
                   ON CONFLICT (key_id) DO NOTHING),
      placed AS (INSERT INTO log_leaves (leaf_index, entry_id, once_key)
                 SELECT * FROM unnest(${pgArray(kept.map((_, i) => size + i))}::bigint[], ${pgArray(kept.map((r) => r.id))}::bigint[],
                                      ${pgArray(kept.map((r) => r.once_key))}::text[])),
      gone AS (DELETE FROM log_entries WHERE id = ANY(${pgArray(dropped)}::bigint[])),
      nodes AS (INSERT INTO log_nodes (level, index, hash)
                SELECT l, i, decode(h, 'hex')
                FROM unnest(${pgArray(stored.map((n) => n.level))}::smallint[], ${pgArray(stored.map((n) => n.index))}::bigint[],
                            ${pgArray(stored.map((n) => n.hash.toString('hex')))}::text[]) AS v(l, i, h))
      INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature, scan_from)
      VALUES (${treeSize}, ${rootHash}, ${timestamp}, ${signer.keyId}, ${signature}, ${scanFrom}::xid8)`);
    return { sequenced: kept.length, dropped: dropped.length, treeSize, signed: true, more };
  });
}

type HeadRow = { tree_size: number | null; timestamp: number | null; key_id: string | null; scan_from: string | null };

function headOf(r: HeadRow): Head | null {
  return r.tree_size === null
    ? null
    : { treeSize: Number(r.tree_size), timestamp: Number(r.timestamp), keyId: r.key_id!, scanFrom: r.scan_from };
}

async function latestHead(db: Db | Tx): Promise<Head | null> {
  const found = await db.execute<HeadRow>(latestHeadRow);
  return found.rows[0] ? headOf(found.rows[0]) : null;
}

function found(nodes: Map<string, Hash>, k: NodeKey): Hash {
  const hash = nodes.get(nodeKey(k));
  // A missing node is a broken store, never something to paper over with a guess.
  if (!hash) throw new Error(`log node ${nodeKey(k)} is missing`);
  return hash;
}

/**
 * Nodes by key, in one statement: each hashed up from its tile base (merkle.ts, TILE_LEVELS), the stored nodes at
 * the tile level below it and leaves (level 0) hashed from their entries' bytes. Trees stored before tiles hold
 * every level (and level 0 before migration 0044); their tile levels are read like the new ones and their other
 * rows are left unread, since a stored row between tile levels saves a hash but costs a lookup in every proof.
 */
export async function readNodes(db: Db | Tx, keys: NodeKey[]): Promise<Map<string, Hash>> {
  if (keys.length === 0) return new Map();
  const base = new Map<string, NodeKey>();
  for (const k of keys) for (const b of tileBase(k)) base.set(nodeKey(b), b);
  const tiles = [...base.values()].filter((k) => k.level > 0);
  const leaves = [...base.values()].filter((k) => k.level === 0).map((k) => k.index);
  const rows = await db.execute<{ level: number; index: string; hash: Buffer | null; data: string | null }>(sql`
    SELECT n.level, n.index, n.hash, NULL::text AS data FROM log_nodes n
    JOIN unnest(${pgArray(tiles.map((k) => k.level))}::smallint[], ${pgArray(tiles.map((k) => k.index))}::bigint[]) AS v(l, i)
      ON n.level = v.l AND n.index = v.i
    UNION ALL
    SELECT 0::smallint, l.leaf_index, NULL::bytea, e.data FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
    WHERE l.leaf_index = ANY(${pgArray(leaves)}::bigint[])`);
  const stored = new Map<string, Hash>(
    rows.rows.map((r) => [
      nodeKey({ level: r.level, index: Number(r.index) }),
      r.data === null ? Buffer.from(r.hash!) : leafHash(Buffer.from(r.data, 'utf8')),
    ]),
  );
  const nodes = new Map<string, Hash>();
  for (const k of keys)
    if (tileBase(k).every((b) => stored.has(nodeKey(b))))
      nodes.set(
        nodeKey(k),
        hashUp(k, (b) => stored.get(nodeKey(b))!),
      );
  return nodes;
}
