import { sql } from 'drizzle-orm';
import type {
  LogConsistency,
  LogEntries,
  LogInclusion,
  LogKey,
  LogSth,
  LogTermsHistory,
  OrderProofRole,
} from '@app/contracts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { consistencyRanges, inclusionRanges, nodesOf, nodeKey, rangeHash } from './merkle.ts';
import { readNodes } from './sequencer.ts';

// What the public log endpoints answer. Every answer is read from the database, so any node serves the same log
// whichever node sequences it.

/** Entries one page of GET /api/log/entries holds at most. */
export const ENTRIES_PAGE = 256;

type HeadRow = { tree_size: bigint; root_hash: Buffer; timestamp: bigint; key_id: string; signature: Buffer };

async function latest(db: DbOrTx): Promise<HeadRow> {
  const found = await db.execute<HeadRow>(
    sql`SELECT tree_size, root_hash, timestamp, key_id, signature FROM log_heads ORDER BY id DESC LIMIT 1`,
  );
  if (!found.rows[0]) throw new AppError('log_not_started');
  return found.rows[0];
}

export async function signedTreeHead(db: DbOrTx): Promise<LogSth> {
  const h = await latest(db);
  return {
    tree_size: Number(h.tree_size),
    root_hash: Buffer.from(h.root_hash).toString('hex'),
    timestamp: Number(h.timestamp),
    key_id: h.key_id,
    signature: Buffer.from(h.signature).toString('base64'),
  };
}

/** The key that signed the latest head, or the key asked for by its id (a head signed before a rotation). */
export async function logKey(db: DbOrTx, keyId?: string): Promise<LogKey> {
  const id = keyId ?? (await latest(db)).key_id;
  const found = await db.execute<{ public_key: Buffer }>(sql`SELECT public_key FROM log_keys WHERE key_id = ${id}`);
  if (!found.rows[0]) throw new AppError('log_range_invalid', { field: 'key_id' });
  return { key_id: id, algorithm: 'ed25519', public_key: Buffer.from(found.rows[0].public_key).toString('base64') };
}

const treeSize = async (db: DbOrTx) => Number((await latest(db)).tree_size);

/** Entries start..end (both included, as RFC 6962's get-entries), cut to a page and to the signed tree. */
export async function logEntries(db: DbOrTx, start: number, end: number): Promise<LogEntries> {
  const size = await treeSize(db);
  if (start > end || start >= size) throw new AppError('log_range_invalid', { field: 'start' });
  const last = Math.min(end, size - 1, start + ENTRIES_PAGE - 1);
  const rows = await db.execute<{ leaf_index: bigint; data: string }>(sql`
    SELECT l.leaf_index, e.data FROM log_leaves l JOIN log_entries e ON e.id = l.entry_id
    WHERE l.leaf_index BETWEEN ${start} AND ${last} ORDER BY l.leaf_index`);
  return { items: rows.rows.map((r) => ({ index: Number(r.leaf_index), data: r.data })) };
}

/** The hex hashes of these ranges, from the stored nodes read in one statement. */
async function hashesOf(db: DbOrTx, ranges: Array<{ start: number; end: number }>): Promise<string[]> {
  const nodes = await readNodes(db, ranges.flatMap(nodesOf));
  return ranges.map((r) =>
    rangeHash(r, (k) => {
      const hash = nodes.get(nodeKey(k));
      if (!hash) throw new Error(`log node ${nodeKey(k)} is missing`);
      return hash;
    }).toString('hex'),
  );
}

/** RFC 6962 inclusion proof of leaf `index` in the tree of `size` entries (any size up to the latest head's). */
export async function inclusionProof(db: DbOrTx, index: number, size: number): Promise<LogInclusion> {
  if (size > (await treeSize(db))) throw new AppError('log_range_invalid', { field: 'tree_size' });
  if (index >= size) throw new AppError('log_range_invalid', { field: 'index' });
  return { leaf_index: index, tree_size: size, audit_path: await hashesOf(db, inclusionRanges(index, size)) };
}

/** RFC 6962 consistency proof between two tree sizes up to the latest head's. */
export async function consistencyProof(db: DbOrTx, first: number, second: number): Promise<LogConsistency> {
  if (second > (await treeSize(db))) throw new AppError('log_range_invalid', { field: 'second' });
  if (first > second) throw new AppError('log_range_invalid', { field: 'first' });
  return { first, second, proof: await hashesOf(db, consistencyRanges(first, second)) };
}

/** The leaf indexes of an order's placement and settlement entries (null until sequenced, or never logged). */
export async function orderLogIndexes(
  db: DbOrTx,
  orderId: number,
): Promise<{ placed: number | null; settled: number | null }> {
  const rows = await db.execute<{ type: string; leaf_index: bigint | null }>(
    sql`SELECT e.type, l.leaf_index FROM log_entries e LEFT JOIN log_leaves l ON l.entry_id = e.id WHERE e.order_id = ${orderId}`,
  );
  const of = (type: string) => {
    const row = rows.rows.find((r) => r.type === type);
    return row?.leaf_index == null ? null : Number(row.leaf_index);
  };
  // A voided order's outcome is its order_voided entry: the place of its settlement for the order detail.
  return { placed: of('order_placed'), settled: of('order_settled') ?? of('order_voided') };
}

export type OrderLogEntry = { role: OrderProofRole; index: number | null; data: string };

/**
 * An order's entries with their bytes: its placement and settlement, and the price seconds of its open and settle
 * (the sequenced copy of a price second when there is one, else the first queued copy). Queued entries come with
 * index null, so the order's proof can say "not yet sequenced" rather than nothing.
 */
export async function orderLogEntries(db: DbOrTx, orderId: number): Promise<OrderLogEntry[]> {
  const own = await db.execute<{ type: string; leaf_index: bigint | null; data: string }>(
    sql`SELECT e.type, l.leaf_index, e.data FROM log_entries e LEFT JOIN log_leaves l ON l.entry_id = e.id
        WHERE e.order_id = ${orderId} ORDER BY e.id`,
  );
  const out: OrderLogEntry[] = [];
  const prices: Array<{ role: OrderProofRole; key: string }> = [];
  for (const r of own.rows) {
    const index = r.leaf_index == null ? null : Number(r.leaf_index);
    const body = JSON.parse(r.data) as Record<string, unknown>;
    if (r.type === 'order_placed') {
      out.push({ role: 'placed', index, data: r.data });
      prices.push({ role: 'open_price', key: `price:${String(body.product)}:${String(body.open_second)}` });
      if (body.reference)
        prices.push({ role: 'open_reference', key: `ref:${String(body.product)}:${String(body.open_second)}` });
    } else if (r.type === 'order_settled' || r.type === 'order_voided') {
      out.push({ role: 'settled', index, data: r.data });
      const product = own.rows.find((p) => p.type === 'order_placed');
      if (product) {
        const placed = JSON.parse(product.data) as { product: string; reference?: unknown };
        prices.push({ role: 'settle_price', key: `price:${placed.product}:${String(body.price_second)}` });
        if (placed.reference)
          prices.push({ role: 'settle_reference', key: `ref:${placed.product}:${String(body.settle_second)}` });
      }
    }
  }
  if (!prices.length) return out;
  const found = await db.execute<{ once_key: string; leaf_index: bigint | null; data: string }>(sql`
    SELECT DISTINCT ON (e.once_key) e.once_key, l.leaf_index, e.data
    FROM log_entries e LEFT JOIN log_leaves l ON l.entry_id = e.id
    WHERE e.once_key IN (${sql.join(
      prices.map((p) => sql`${p.key}`),
      sql`, `,
    )})
    ORDER BY e.once_key, l.leaf_index NULLS LAST, e.id`);
  for (const p of prices) {
    const row = found.rows.find((r) => r.once_key === p.key);
    if (row) out.push({ role: p.role, index: row.leaf_index == null ? null : Number(row.leaf_index), data: row.data });
  }
  return out;
}

/** Every terms_changed entry under the latest head, oldest first (a few hundred at most: operators' acts). */
export async function termsHistory(db: DbOrTx): Promise<LogTermsHistory> {
  const size = Number((await latest(db)).tree_size);
  const rows = await db.execute<{ leaf_index: bigint; data: string }>(sql`
    SELECT l.leaf_index, e.data FROM log_entries e JOIN log_leaves l ON l.entry_id = e.id
    WHERE e.type = 'terms_changed' AND l.leaf_index < ${size}
    ORDER BY l.leaf_index`);
  return { tree_size: size, items: rows.rows.map((r) => ({ index: Number(r.leaf_index), data: r.data })) };
}

/** The leaf index of an entry the log holds once (by its key), or null until sequenced. */
export async function onceEntryIndex(db: DbOrTx, onceKey: string): Promise<number | null> {
  const rows = await db.execute<{ leaf_index: string | null }>(
    sql`SELECT leaf_index::text AS leaf_index FROM log_leaves WHERE once_key = ${onceKey}`,
  );
  return rows.rows[0]?.leaf_index == null ? null : Number(rows.rows[0].leaf_index);
}
