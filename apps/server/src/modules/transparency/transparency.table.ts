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

/**
 * The log's entries. A row is queued (leaf_index null) in the transaction of the act it records, so writers take no
 * lock of the log's; the sequencer gives queued rows consecutive leaf indexes later, in its own transaction with the
 * tree's nodes and a signed head. `data` is the entry's exact bytes (canonical JSON, UTF-8): what is hashed and what
 * GET /api/log/entries serves. A trigger (migration) lets a row change only from queued to sequenced, and lets only
 * a queued row go (a price second the log already holds).
 */
export const logEntries = pgTable(
  'log_entries',
  {
    /** The queue's order; not the leaf index (transactions commit out of id order). */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leafIndex: bigint('leaf_index', { mode: 'number' }),
    type: text('type').notNull(),
    /** The order an order_placed or order_settled entry is about (the order detail's log_index). */
    orderId: bigint('order_id', { mode: 'number' }),
    /** An entry the log holds once (a price second): a second queued copy is dropped by the sequencer. */
    onceKey: text('once_key'),
    data: text('data').notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('log_entries_leaf_index_key').on(t.leafIndex),
    index('log_entries_queued_idx')
      .on(t.id)
      .where(sql`${t.leafIndex} is null`),
    index('log_entries_order_idx')
      .on(t.orderId, t.type)
      .where(sql`${t.orderId} is not null`),
    // The terms history (GET /api/log/terms) reads these few among all the orders' entries.
    index('log_entries_terms_idx')
      .on(t.leafIndex)
      .where(sql`${t.type} = 'terms_changed' and ${t.leafIndex} is not null`),
    uniqueIndex('log_entries_once_key')
      .on(t.onceKey)
      .where(sql`${t.leafIndex} is not null`),
  ],
);

/** Complete, aligned subtrees of the tree (level 0: leaf hashes); never change once written (append-only). */
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
