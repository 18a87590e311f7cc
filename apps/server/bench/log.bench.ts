/**
 * pnpm bench:log
 * The transparency log at size, on a fresh embedded PostgreSQL: BENCH_ENTRIES entries (default 1,000,000, each the
 * size of an order's entry) queued in transactions of 5,000 and sequenced every 50,000, as a platform's log grows;
 * then what stays fast whatever its size: a sequencer pass over a queue of one entry and over an empty one (its
 * queue scan's plan printed), inclusion proofs of random leaves in the latest tree and consistency proofs from
 * random earlier sizes (p50/p99 over BENCH_PROOFS, through the functions behind /api/log/proof and
 * /api/log/consistency), and what the log's tables and indexes take on disk. Figures are printed, never asserted.
 */
import { sql } from 'drizzle-orm';
import { freshSeededDatabase } from './fresh-database.ts';
import { percentile } from './bench-server.ts';
import { sequence } from '../src/modules/transparency/index.ts';
import { consistencyProof, inclusionProof } from '../src/modules/transparency/log.service.ts';
import { freshSeed, signerFromSeed } from '../src/modules/transparency/log-signer.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const PROOFS = Number(process.env.BENCH_PROOFS ?? 1_000);
const PER_TX = 5_000;
const PER_PASS = 50_000;

const database = await freshSeededDatabase('log');
const { db } = database;
const signer = signerFromSeed(freshSeed());
const ms = (from: number) => performance.now() - from;
const timed = async (f: () => Promise<unknown>) => {
  const start = performance.now();
  await f();
  return ms(start);
};
const spread = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `p50 ${percentile(sorted, 50).toFixed(2)} ms, p99 ${percentile(sorted, 99).toFixed(2)} ms`;
};
// An order's entry as placement writes it, numbered so each is its own.
const entrySql = (i: string) =>
  sql.raw(
    `'{"direction":"up","fee":"0.00","open_price":"67012.35","open_second":' || (1764000000 + ${i} / 1000) || ',"order_id":' || ${i} || ',"product":"BTC/USDT","stake":"10.00","terms":{"fee_pct":"0.00","loss_pct":"100.00","payout_pct":"85.00","seconds":300},"type":"order_placed","user":"' || md5(${i}::text) || md5(${i}::text) || '","v":1}'`,
  );

try {
  console.log(`bench:log  entries=${ENTRIES} (transactions of ${PER_TX}, a pass every ${PER_PASS}) proofs=${PROOFS}`);
  await sequence(db, signer);
  const base = Number((await db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM log_leaves`)).rows[0]!.n);
  let queueMs = 0;
  let sequenceMs = 0;
  for (let from = 0; from < ENTRIES; from += PER_PASS) {
    const to = Math.min(ENTRIES, from + PER_PASS);
    for (let t = from; t < to; t += PER_TX)
      queueMs += await timed(() =>
        db.execute(sql`
          INSERT INTO log_entries (type, order_id, data)
          SELECT 'order_placed', i, ${entrySql('i')} FROM generate_series(${t}::bigint, ${Math.min(to, t + PER_TX) - 1}::bigint) AS i`),
      );
    sequenceMs += await timed(() => sequence(db, signer));
  }
  await db.execute(sql`VACUUM ANALYZE log_entries, log_leaves, log_nodes`);
  console.log(
    `queued ${ENTRIES} entries in ${(queueMs / 1000).toFixed(1)} s; sequenced in ${(sequenceMs / 1000).toFixed(1)} s (${((ENTRIES / sequenceMs) * 1000).toFixed(0)} entries/s)`,
  );
  const size = base + ENTRIES;

  const oneEntry: number[] = [];
  const empty: number[] = [];
  for (let i = 0; i < 50; i++) {
    await db.execute(
      sql`INSERT INTO log_entries (type, order_id, data) SELECT 'order_placed', ${ENTRIES + i}, ${entrySql(String(ENTRIES + i))}`,
    );
    oneEntry.push(await timed(() => sequence(db, signer)));
    empty.push(await timed(() => sequence(db, signer)));
  }
  console.log(`sequencer pass over a queue of one entry: ${spread(oneEntry)}; over an empty queue: ${spread(empty)}`);
  const head = await db.execute<{ scan_from: string }>(
    sql`SELECT scan_from::text FROM log_heads ORDER BY id DESC LIMIT 1`,
  );
  const scanFrom = head.rows[0]!.scan_from;
  const plan = await db.execute<{ 'QUERY PLAN': string }>(sql`
    EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)
    SELECT e.id, e.once_key, e.data FROM log_entries e
    WHERE e.tx >= ${scanFrom}::xid8 AND (e.tx::text)::bigint >= ${scanFrom}::bigint
      AND NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.entry_id = e.id)`);
  console.log('the queue scan (tx since the last pass):');
  for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
  const glance = await db.execute<{ 'QUERY PLAN': string }>(sql`
    EXPLAIN (ANALYZE, COSTS OFF)
    SELECT EXISTS (SELECT 1 FROM log_entries e
                   WHERE e.tx >= ${scanFrom}::xid8 AND (e.tx::text)::bigint >= ${scanFrom}::bigint
                     AND NOT EXISTS (SELECT 1 FROM log_leaves l WHERE l.entry_id = e.id))`);
  console.log('the glance of a pass (is anything queued):');
  for (const r of glance.rows) console.log(`  ${r['QUERY PLAN']}`);

  const final = size + 50;
  const random = (n: number) => Math.floor(Math.random() * n);
  const inclusion: number[] = [];
  for (let i = 0; i < PROOFS; i++) inclusion.push(await timed(() => inclusionProof(db, random(final), final)));
  const consistency: number[] = [];
  for (let i = 0; i < PROOFS; i++)
    consistency.push(await timed(() => consistencyProof(db, 1 + random(final - 1), final)));
  console.log(`inclusion proof of a random leaf in the tree of ${final}: ${spread(inclusion)}`);
  console.log(`consistency proof from a random size to ${final}: ${spread(consistency)}`);

  const sizes = await db.execute<{ relation: string; mb: string; rows: string }>(sql`
    SELECT c.relname AS relation, round(pg_relation_size(c.oid) / 1048576.0, 1)::text AS mb, c.reltuples::bigint::text AS rows
    FROM pg_class c WHERE c.relname LIKE 'log\\_%' AND c.relkind IN ('r', 'i') ORDER BY c.relname`);
  console.log('on disk (MB, rows):');
  for (const r of sizes.rows) console.log(`  ${r.relation}: ${r.mb} MB, ${r.rows} rows`);
} finally {
  await database.close();
}
process.exit(0);
