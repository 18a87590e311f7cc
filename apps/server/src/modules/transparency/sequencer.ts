import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/client.ts';
import { pgArray } from '../../platform/db/pg-array.ts';
import { appendLeaves, frontierOf, leafHash, nodeKey, rootOf, type Hash, type NodeKey } from './merkle.ts';
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

type Head = { treeSize: number; timestamp: number; keyId: string };

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
  for (;;) {
    const step = await sequenceBatch(db, signer, options.batch ?? SEQUENCE_BATCH, options.nowMs ?? Date.now);
    pass.sequenced += step.sequenced;
    pass.dropped += step.dropped;
    pass.treeSize = step.treeSize;
    pass.signed ||= step.signed;
    if (!step.more || options.stopped?.()) return pass;
  }
}

async function sequenceBatch(db: Db, signer: LogSigner, batch: number, nowMs: () => number) {
  // Most passes find nothing to do: answered without a transaction or a lock.
  const glance = await db.execute<{
    queued: boolean;
    tree_size: number | null;
    timestamp: number | null;
    key_id: string | null;
  }>(sql`
    SELECT EXISTS (SELECT 1 FROM log_entries WHERE leaf_index IS NULL) AS queued, h.tree_size, h.timestamp, h.key_id
    FROM (SELECT 1) AS one LEFT JOIN LATERAL (SELECT tree_size, timestamp, key_id FROM log_heads ORDER BY id DESC LIMIT 1) AS h ON true`);
  const seen = glance.rows[0]!;
  const fresh = (h: Head | null) => h !== null && h.keyId === signer.keyId && nowMs() - h.timestamp < HEAD_MAX_AGE_MS;
  if (!seen.queued && fresh(headOf(seen)))
    return { sequenced: 0, dropped: 0, treeSize: Number(seen.tree_size), signed: false, more: false };

  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${XACT_LOCKS.logSequencer})`);
    const head = await latestHead(tx);
    const size = head?.treeSize ?? 0;
    const queued = await tx.execute<{ id: number; once_key: string | null; data: string; logged: boolean }>(sql`
      SELECT q.id, q.once_key, q.data,
             q.once_key IS NOT NULL AND EXISTS (SELECT 1 FROM log_entries l WHERE l.once_key = q.once_key
                                                AND l.leaf_index IS NOT NULL) AS logged
      FROM (SELECT id, once_key, data FROM log_entries WHERE leaf_index IS NULL ORDER BY id LIMIT ${batch}) AS q
      ORDER BY q.id`);
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
    if (kept.length === 0 && fresh(head)) {
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
    // Never behind the last head, should the clock step back.
    const timestamp = Math.max(nowMs(), head?.timestamp ?? 0);
    const signature = signer.sign(headMessage({ treeSize, rootHash, timestamp }));
    await tx.execute(sql`
      WITH key AS (INSERT INTO log_keys (key_id, public_key) VALUES (${signer.keyId}, ${signer.publicKey})
                   ON CONFLICT (key_id) DO NOTHING),
      placed AS (UPDATE log_entries e SET leaf_index = v.leaf
                 FROM unnest(${pgArray(kept.map((r) => r.id))}::bigint[], ${pgArray(kept.map((_, i) => size + i))}::bigint[]) AS v(id, leaf)
                 WHERE e.id = v.id),
      gone AS (DELETE FROM log_entries WHERE id = ANY(${pgArray(dropped)}::bigint[])),
      nodes AS (INSERT INTO log_nodes (level, index, hash)
                SELECT l, i, decode(h, 'hex')
                FROM unnest(${pgArray(added.map((n) => n.level))}::smallint[], ${pgArray(added.map((n) => n.index))}::bigint[],
                            ${pgArray(added.map((n) => n.hash.toString('hex')))}::text[]) AS v(l, i, h))
      INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature)
      VALUES (${treeSize}, ${rootHash}, ${timestamp}, ${signer.keyId}, ${signature})`);
    return { sequenced: kept.length, dropped: dropped.length, treeSize, signed: true, more };
  });
}

function headOf(r: { tree_size: number | null; timestamp: number | null; key_id: string | null }): Head | null {
  return r.tree_size === null
    ? null
    : { treeSize: Number(r.tree_size), timestamp: Number(r.timestamp), keyId: r.key_id! };
}

async function latestHead(tx: Tx): Promise<Head | null> {
  const found = await tx.execute<{ tree_size: number; timestamp: number; key_id: string }>(
    sql`SELECT tree_size, timestamp, key_id FROM log_heads ORDER BY id DESC LIMIT 1`,
  );
  return found.rows[0] ? headOf(found.rows[0]) : null;
}

function found(nodes: Map<string, Hash>, k: NodeKey): Hash {
  const hash = nodes.get(nodeKey(k));
  // A missing node is a broken store, never something to paper over with a guess.
  if (!hash) throw new Error(`log node ${nodeKey(k)} is missing`);
  return hash;
}

/** Stored nodes by key, in one statement. */
export async function readNodes(db: Db | Tx, keys: NodeKey[]): Promise<Map<string, Hash>> {
  if (keys.length === 0) return new Map();
  const rows = await db.execute<{ level: number; index: number; hash: Buffer }>(sql`
    SELECT n.level, n.index, n.hash FROM log_nodes n
    JOIN unnest(${pgArray(keys.map((k) => k.level))}::smallint[], ${pgArray(keys.map((k) => k.index))}::bigint[]) AS v(l, i)
      ON n.level = v.l AND n.index = v.i`);
  return new Map(rows.rows.map((r) => [nodeKey({ level: r.level, index: Number(r.index) }), Buffer.from(r.hash)]));
}
