import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { connect, type Database } from '../../src/platform/db/client.ts';
import { MIGRATIONS_DIR } from '../../src/platform/db/migrate.ts';
import { sequence } from '../../src/modules/transparency/index.ts';
import { logEntries } from '../../src/modules/transparency/log.service.ts';
import { freshSeed, headMessage, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { withDatabase } from '../helpers/global-setup.ts';
import { leaf, mth, node } from '../helpers/log-verifier.ts';

/*
 * Migration 0044 moved a sequenced entry's place in the tree from a column set on the entry to a row of
 * log_leaves, and the sequencer's queue from "leaf_index is null" to the entries of transactions since the oldest
 * one still running at its last pass. Tested here: a log sequenced by the release before (its rows written as it
 * wrote them) carries on under this one without a gap; that release's sequencer is refused; and an entry whose
 * transaction commits after a later one has been sequenced is still sequenced.
 */

const signer = signerFromSeed(freshSeed());
const serverUrl = inject('pgServerUrl');
const name = `t_leaves_${randomBytes(5).toString('hex')}`;
let database: Database;
let folder: string;

/** The committed migrations up to (and with) the one tagged `last`, in a folder of their own. */
async function migrationsUpTo(last: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta/_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: Array<{ tag: string }> };
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

const entryData = (i: number) => `{"n":${i},"type":"test"}`;

beforeAll(async () => {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  database = connect(withDatabase(serverUrl, name), 5);
  folder = await migrationsUpTo('0043_closure_allowlist');
  await migrate(database.db, { migrationsFolder: folder, migrationsSchema: 'drizzle' });
});

afterAll(async () => {
  await database?.close();
  if (folder) await fs.rm(folder, { recursive: true, force: true });
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('the log across migration 0044', () => {
  it('keeps the tree the release before sequenced, sequences what it left queued, and refuses its sequencer', async () => {
    const { db } = database;
    // The release before: three entries queued, the first two sequenced in place with their nodes and a head.
    for (const i of [0, 1, 2])
      await db.execute(
        sql`INSERT INTO log_entries (type, once_key, data) VALUES ('test', ${`k${i}`}, ${entryData(i)})`,
      );
    const ids = (await db.execute<{ id: string }>(sql`SELECT id FROM log_entries ORDER BY id`)).rows.map((r) =>
      Number(r.id),
    );
    await db.execute(sql`UPDATE log_entries SET leaf_index = 0 WHERE id = ${ids[0]}`);
    await db.execute(sql`UPDATE log_entries SET leaf_index = 1 WHERE id = ${ids[1]}`);
    const [l0, l1] = [leaf(entryData(0)), leaf(entryData(1))];
    const root = node(l0, l1);
    await db.execute(
      sql`INSERT INTO log_nodes (level, index, hash) VALUES (0, 0, ${l0}), (0, 1, ${l1}), (1, 0, ${root})`,
    );
    await db.execute(sql`
      INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature)
      VALUES (2, ${root}, ${Date.now()}, ${signer.keyId}, ${signer.sign(headMessage({ treeSize: 2, rootHash: root, timestamp: Date.now() }))})`);

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' });

    const leaves = await db.execute<{ leaf_index: string; entry_id: string; once_key: string }>(
      sql`SELECT leaf_index, entry_id, once_key FROM log_leaves ORDER BY leaf_index`,
    );
    expect(leaves.rows.map((r) => [Number(r.leaf_index), Number(r.entry_id), r.once_key])).toEqual([
      [0, ids[0], 'k0'],
      [1, ids[1], 'k1'],
    ]);

    // The entry left queued is sequenced next, after the two: one tree, no gap.
    const pass = await sequence(db, signer);
    expect(pass).toMatchObject({ sequenced: 1, treeSize: 3 });
    const served = await logEntries(db, 0, 10);
    expect(served.items.map((i) => i.data)).toEqual([0, 1, 2].map(entryData));
    const head = await db.execute<{ root_hash: Buffer }>(sql`SELECT root_hash FROM log_heads ORDER BY id DESC LIMIT 1`);
    expect(Buffer.from(head.rows[0]!.root_hash).equals(mth([0, 1, 2].map((i) => leaf(entryData(i)))))).toBe(true);
    // Leaves are hashed from their entries when read: only the two stored before the migration are rows.
    const stored = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM log_nodes WHERE level = 0`);
    expect(Number(stored.rows[0]!.n)).toBe(2);

    // The release before, still running beside this one during a rolling upgrade, would sequence in place
    // entries this release has sequenced already: the database refuses it.
    await db.execute(sql`INSERT INTO log_entries (type, data) VALUES ('test', ${entryData(3)})`);
    await expect(
      db.execute(
        sql`UPDATE log_entries SET leaf_index = 3 WHERE leaf_index IS NULL AND id = (SELECT max(id) FROM log_entries)`,
      ),
    ).rejects.toThrow();
    expect(await sequence(db, signer)).toMatchObject({ sequenced: 1, treeSize: 4 });
  });

  it('sequences an entry whose transaction commits after a later entry was sequenced', async () => {
    const { db, pool } = database;
    const slow = await pool.connect();
    try {
      // A transaction takes its entry's id first and commits last.
      await slow.query('BEGIN');
      await slow.query(`INSERT INTO log_entries (type, data) VALUES ('test', $1)`, [entryData(5)]);
      await db.execute(sql`INSERT INTO log_entries (type, data) VALUES ('test', ${entryData(6)})`);
      expect(await sequence(db, signer)).toMatchObject({ sequenced: 1, treeSize: 5 });
      // Passes while it is still running do not move past it.
      expect(await sequence(db, signer)).toMatchObject({ sequenced: 0, treeSize: 5 });
      await slow.query('COMMIT');
    } finally {
      slow.release();
    }
    expect(await sequence(db, signer)).toMatchObject({ sequenced: 1, treeSize: 6 });
    const served = await logEntries(db, 4, 5);
    expect(served.items.map((i) => i.data)).toEqual([entryData(6), entryData(5)]);

    // A rolled-back entry is never sequenced, and the passes after it read only the entries since.
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO log_entries (type, data) VALUES ('test', ${entryData(7)})`);
        tx.rollback();
      })
      .catch(() => {});
    await db.execute(sql`INSERT INTO log_entries (type, data) VALUES ('test', ${entryData(8)})`);
    // A pass moves its scan start up to the oldest transaction still running when it read the queue, so later passes
    // read only the entries since. That oldest transaction is the whole server's: other test files' transactions, in
    // other databases, can hold it back, so the check is against the oldest one running just before the pass (the
    // pass's own can only be newer), not against this file's last entry.
    const runningBefore = (
      await db.execute<{ xmin: string }>(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)
    ).rows[0]!.xmin;
    expect(await sequence(db, signer)).toMatchObject({ sequenced: 1, treeSize: 7 });
    const all = await logEntries(db, 0, 100);
    expect(all.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(all.items.at(-1)!.data).toBe(entryData(8));
    const { rows } = await db.execute<{ scan_from: string }>(
      sql`SELECT scan_from::text FROM log_heads ORDER BY id DESC LIMIT 1`,
    );
    expect(BigInt(rows[0]!.scan_from)).toBeGreaterThanOrEqual(BigInt(runningBefore));
    expect(await sequence(db, signer)).toMatchObject({ sequenced: 0, treeSize: 7 });
  });
});
