import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { sequence } from '../../src/modules/transparency/index.ts';
import { consistencyProof, inclusionProof } from '../../src/modules/transparency/log.service.ts';
import { freshSeed, headMessage, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { leaf, mth, verifyConsistency, verifyInclusion } from '../helpers/log-verifier.ts';

/*
 * The tree's nodes are read only at levels 4, 8, 12, ... (merkle.ts, TILE_LEVELS); every other node is hashed up
 * when read, though each is still written for the release before this one (merkle.ts, writtenLevel). Checked here
 * with the tests' own RFC 9162 verifier (test/helpers/log-verifier.ts), which shares no code with the server's: a
 * tree whose first part was stored by the release before goes on with every node that release reads, and serves
 * proofs of every kind across both parts and across tile boundaries, with the rows between tile levels and
 * without them; and a sequencer pass whose database session is killed before its commit leaves the tree as the
 * last head describes it.
 */

const signer = signerFromSeed(freshSeed());
let database: TestDatabase;

const entryData = (i: number) => `{"n":${i},"type":"test"}`;
const leaves = (n: number) => Array.from({ length: n }, (_, i) => leaf(entryData(i)));

async function queue(from: number, to: number) {
  await database.db.execute(sql`
    INSERT INTO log_entries (type, data)
    SELECT 'test', '{"n":' || i || ',"type":"test"}' FROM generate_series(${from}::int, ${to - 1}::int) AS i ORDER BY i`);
}

async function head() {
  const { rows } = await database.db.execute<{ tree_size: string; root_hash: Buffer }>(
    sql`SELECT tree_size, root_hash FROM log_heads ORDER BY id DESC LIMIT 1`,
  );
  return { size: Number(rows[0]!.tree_size), root: Buffer.from(rows[0]!.root_hash) };
}

/** Inclusion proofs of the given leaves and consistency proofs between the given sizes, each checked by the RFC. */
async function checkProofs(sizes: number[], indexes: number[]) {
  const all = leaves(Math.max(...sizes));
  for (const size of sizes) {
    const root = mth(all.slice(0, size));
    for (const index of indexes.filter((i) => i < size)) {
      const proof = await inclusionProof(database.db, index, size);
      const path = proof.audit_path.map((h) => Buffer.from(h, 'hex'));
      expect(verifyInclusion(index, size, all[index]!, path, root), `leaf ${index} in ${size}`).toBe(true);
    }
    for (const first of sizes.filter((f) => f <= size)) {
      const proof = (await consistencyProof(database.db, first, size)).proof.map((h) => Buffer.from(h, 'hex'));
      expect(verifyConsistency(first, size, mth(all.slice(0, first)), root, proof), `${first} to ${size}`).toBe(true);
    }
  }
}

beforeAll(async () => {
  // Migrated, not seeded: the log starts empty.
  database = await createTestDatabase({ seed: false });
});

afterAll(async () => database?.drop());

describe('the log stored in tiles', () => {
  const before = 40;

  it('goes on from a tree stored by the release before, still readable by it, and proves across both', async () => {
    const { db } = database;
    // The first 40 leaves as the release before stored them: every complete node above level 0, and a head.
    await queue(0, before);
    await db.execute(sql`
      INSERT INTO log_leaves (leaf_index, entry_id, once_key)
      SELECT row_number() OVER (ORDER BY id) - 1, id, once_key FROM log_entries`);
    const old = leaves(before);
    const rows: Array<{ level: number; index: number; hash: Buffer }> = [];
    for (let level = 1; 2 ** level <= before; level++)
      for (let index = 0; (index + 1) * 2 ** level <= before; index++)
        rows.push({ level, index, hash: mth(old.slice(index * 2 ** level, (index + 1) * 2 ** level)) });
    for (const r of rows)
      await db.execute(sql`INSERT INTO log_nodes (level, index, hash) VALUES (${r.level}, ${r.index}, ${r.hash})`);
    const root = mth(old);
    const at = Date.now();
    await db.execute(sql`
      INSERT INTO log_heads (tree_size, root_hash, timestamp, key_id, signature, scan_from)
      VALUES (${before}, ${root}, ${at}, ${signer.keyId},
              ${signer.sign(headMessage({ treeSize: before, rootHash: root, timestamp: at }))},
              pg_snapshot_xmin(pg_current_snapshot()))`);

    // Then 300 more, sequenced in uneven batches, so passes start and end inside tiles.
    await queue(before, 200);
    expect(await sequence(db, signer, { batch: 7 })).toMatchObject({ sequenced: 160, treeSize: 200 });
    await queue(200, 340);
    expect(await sequence(db, signer, { batch: 50 })).toMatchObject({ sequenced: 140, treeSize: 340 });
    expect((await head()).root.equals(mth(leaves(340)))).toBe(true);

    // Every complete node above level 0 is still written, with its RFC 6962 hash: the release before this one,
    // which reads each node it needs as a row, can go on from this tree (a rolling upgrade, a rollback).
    const written = await db.execute<{ level: number; index: string; hash: Buffer }>(
      sql`SELECT level, index, hash FROM log_nodes ORDER BY level, index`,
    );
    const expected: string[] = [];
    for (let level = 1; 2 ** level <= 340; level++)
      for (let index = 0; (index + 1) * 2 ** level <= 340; index++)
        expected.push(
          `${level}/${index}/${mth(leaves(340).slice(index * 2 ** level, (index + 1) * 2 ** level)).toString('hex')}`,
        );
    expect(written.rows.map((r) => `${r.level}/${r.index}/${Buffer.from(r.hash).toString('hex')}`)).toEqual(expected);

    const sizes = [1, 15, 16, 17, 39, 40, 41, 64, 255, 256, 257, 340];
    const indexes = [0, 1, 15, 16, 31, 39, 40, 47, 48, 255, 256, 339];
    await checkProofs(sizes, indexes);

    // This release reads the tile levels alone, so the later release that stops writing the others loses nothing:
    // with those rows gone (past the append-only trigger, in this test's own database), every proof is the same.
    await db.execute(sql`ALTER TABLE log_nodes DISABLE TRIGGER log_nodes_append_only`);
    await db.execute(sql`DELETE FROM log_nodes WHERE level % 4 <> 0`);
    await db.execute(sql`ALTER TABLE log_nodes ENABLE TRIGGER log_nodes_append_only`);
    await checkProofs(sizes, indexes);
  });

  it('keeps the tree the last head describes when a pass is killed before its commit, and the next pass goes on', async () => {
    const { db } = database;
    const last = await head();
    const stored = async () => (await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM log_nodes`)).rows[0]!.n;
    const nodesBefore = await stored();
    await queue(340, 400);
    // The pass's own database session ends as it writes its head: everything it wrote goes with it.
    await db.execute(sql`
      CREATE FUNCTION kill_own_session() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_terminate_backend(pg_backend_pid()); RETURN NEW; END $$;
      CREATE TRIGGER kill_own_session BEFORE INSERT ON log_heads FOR EACH ROW EXECUTE FUNCTION kill_own_session();`);
    await expect(sequence(db, signer)).rejects.toThrow();
    await db.execute(sql`DROP TRIGGER kill_own_session ON log_heads`);
    expect(await head()).toEqual(last);
    const leafRows = await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM log_leaves`);
    expect(Number(leafRows.rows[0]!.n)).toBe(340);
    expect(await stored()).toBe(nodesBefore);

    expect(await sequence(db, signer, { batch: 9 })).toMatchObject({ sequenced: 60, treeSize: 400 });
    expect((await head()).root.equals(mth(leaves(400)))).toBe(true);
    await checkProofs([340, 341, 352, 399, 400], [335, 336, 339, 340, 351, 352, 399]);
  });

  it('records where the next scan starts when a pass ends on a full batch', async () => {
    const { db } = database;
    await queue(400, 420);
    // The oldest transaction running just before the pass (other files' transactions can hold it back): the pass
    // starts its next scan there or later, though its last batch was full and the one after found nothing.
    const runningBefore = (
      await db.execute<{ xmin: string }>(sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin`)
    ).rows[0]!.xmin;
    expect(await sequence(db, signer, { batch: 10 })).toMatchObject({ sequenced: 20, treeSize: 420, signed: true });
    const { rows } = await db.execute<{ tree_size: string; scan_from: string }>(
      sql`SELECT tree_size, scan_from::text FROM log_heads ORDER BY id DESC LIMIT 1`,
    );
    expect(Number(rows[0]!.tree_size)).toBe(420);
    expect(BigInt(rows[0]!.scan_from)).toBeGreaterThanOrEqual(BigInt(runningBefore));
    expect(await sequence(db, signer)).toMatchObject({ sequenced: 0, treeSize: 420, signed: false });
    expect((await head()).root.equals(mth(leaves(420)))).toBe(true);
  });
});
