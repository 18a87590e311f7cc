import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

const xid8 = customType<{ data: string }>({ dataType: () => 'xid8' });

/**
 * The log's entries, written once and never changed: a row is queued in the transaction of the act it records, so
 * writers take no lock of the log's; the sequencer gives it its leaf index later by a row of `log_leaves`. `data` is
 * the entry's exact bytes (canonical JSON, UTF-8): what is hashed and what GET /api/log/entries serves. A trigger
 * (migration 0044) refuses any change, and removal of a sequenced entry (a queued copy of a price second the log
 * already holds is removed by the sequencer).
 *
 * Why a second table and not a column set in place: an entry is written at placement, in the order's own
 * statement. Setting a column on it afterwards rewrote the whole row and every one of its indexes a second time,
 * about 700 of the 1,300 bytes of write-ahead log the sequencer cost per order (bench:orders prints them).
 */
export const logEntries = pgTable(
  'log_entries',
  {
    /** The queue's order; not the leaf index (transactions commit out of id order). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /**
     * Set before migration 0044 only (those rows' leaves were copied to log_leaves); read by the release before
     * it. Contract: drop it a release after 0044.
     */
    leafIndex: bigint('leaf_index', { mode: 'number' }),
    type: text('type').notNull(),
    /** The order an order_placed or order_settled entry is about (the order detail's log_index). */
    orderId: bigint('order_id', { mode: 'number' }),
    /** An entry the log holds once (a price second): a second queued copy is dropped by the sequencer. */
    onceKey: text('once_key'),
    data: text('data').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The writing transaction's id. The sequencer reads from the oldest transaction still running at its last
     * pass (log_heads.scan_from) on: every entry of an older transaction is sequenced, or was rolled back.
     */
    tx: xid8('tx').default(sql`pg_current_xact_id()`),
  },
  (t) => [
    // The sequencer's queue: the entries of transactions since its last pass, at the table's tail. A block range
    // index (its tx as a number: PostgreSQL has no BRIN class for xid8) finds them as a b-tree did, and costs a
    // placement almost nothing to keep, where the b-tree took an index entry per order.
    index('log_entries_tx_brin')
      .using('brin', sql`((${t.tx}::text)::bigint)`)
      .with({ pages_per_range: 16, autosummarize: true }),
    index('log_entries_order_idx')
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null`),
    // A price second's copies, sequenced or queued, for an order's proof.
    index('log_entries_once_idx')
      .on(t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    // The terms history (GET /api/log/terms) reads these few among all the orders' entries.
    index('log_entries_terms_only_idx')
      .on(t.id)
      .where(sql`${t.type} = 'terms_changed'`),
  ],
);

/** Each sequenced entry's place in the tree; append-only (a trigger refuses any change). */
export const logLeaves = pgTable(
  'log_leaves',
  {
    leafIndex: bigint('leaf_index', { mode: 'number' }).primaryKey(),
    /**
     * The entry (log_entries.id). Not a foreign key since migration 0053: its check locked each entry as its leaf was
     * written (FOR KEY SHARE, a write-ahead log record per order), and what it guarded holds without it: only the
     * sequencer writes leaves, for entries it read in the same transaction under its lock, and a sequenced entry
     * cannot be removed (log_entries' trigger).
     */
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    /** The entry's once key: the log holds an entry with such a key once. */
    onceKey: text('once_key'),
  },
  (t) => [
    uniqueIndex('log_leaves_entry_key').on(t.entryId),
    uniqueIndex('log_leaves_once_key')
      .on(t.onceKey)
      .where(sql`${t.onceKey} is not null`),
    check('log_leaves_index', sql`${t.leafIndex} >= 0`),
  ],
);

/**
 * Complete, aligned subtrees of the tree; never change once written (append-only). Read at levels 4, 8, 12, ...
 * only (merkle.ts, TILE_LEVELS); written at every level above 0 for the release before, which reads them all
 * (merkle.ts, writtenLevel). Rows at level 0, written before migration 0044, are left unread.
 */
export const logNodes = pgTable(
  'log_nodes',
  {
    level: smallint('level').notNull(),
    index: bigint('index', { mode: 'number' }).notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.index] })],
);

/** Every signed tree head, the latest last; append-only. */
export const logHeads = pgTable(
  'log_heads',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    treeSize: bigint('tree_size', { mode: 'number' }).notNull(),
    rootHash: bytea('root_hash').notNull(),
    /** Milliseconds since the epoch, as signed. */
    timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
    keyId: text('key_id').notNull(),
    signature: bytea('signature').notNull(),
    /** Where the next pass reads log_entries from (their `tx`): null before migration 0044, read as 0. */
    scanFrom: xid8('scan_from'),
  },
  (t) => [check('log_heads_size', sql`${t.treeSize} >= 0`)],
);

/** Every public key that signed a head, so any node serves any head's key (the private key stays on disk). */
export const logKeys = pgTable('log_keys', {
  keyId: text('key_id').primaryKey(),
  publicKey: bytea('public_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one secret of the log's entries: the key of users' pseudonyms. Kept in the database so every node, and a
 * restore, derives the same pseudonym for a user.
 */
export const logSettings = pgTable(
  'log_settings',
  {
    id: integer('id').primaryKey(),
    pseudonymKey: bytea('pseudonym_key').notNull(),
  },
  (t) => [check('log_settings_one_row', sql`${t.id} = 1`)],
);
