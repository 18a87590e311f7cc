/**
 * pnpm bench:liabilities
 * A day's proof of liabilities over BENCH_USERS users (default 100,000) on a fresh embedded PostgreSQL: each user
 * owed cash and plan money, one in ten also holding BTC (valued at the day's last recorded BTC/USDT price). Times
 * publishLiabilities (every balance read in one snapshot, the leaf ids, the Merkle sum tree, its nodes written and
 * the root logged), then the proof each user reads (p50/p99 over BENCH_PROOFS users). Goal: the tree of 100,000
 * users in under 30 s. Figures are printed, never asserted.
 */
import { sql } from 'drizzle-orm';
import { freshSeededDatabase } from './fresh-database.ts';
import { dayLabel, dayOf, dayStart } from '@app/contracts';
import { findProduct, recordTicks } from '../src/modules/market/index.ts';
import { publishLiabilities } from '../src/modules/liabilities/index.ts';
import { liabilitiesProof } from '../src/modules/liabilities/liabilities.service.ts';
import { percentile } from './bench-server.ts';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const PROOFS = Number(process.env.BENCH_PROOFS ?? 1_000);
const GOAL_USERS = 100_000;
const GOAL_MS = 30_000;
const TZ = process.env.PLATFORM_TZ ?? 'Asia/Shanghai';

const database = await freshSeededDatabase('liabilities');
const { db } = database;
try {
  const yesterday = dayOf(Math.floor(Date.now() / 1000), TZ) - 1;
  const day = dayLabel(yesterday);
  console.log(`bench:liabilities  users=${USERS} (one in ten holding BTC), day ${day}, time zone ${TZ}`);

  const setup = performance.now();
  // Balances as the ledger would hold them after each user's deposits and purchases; the per-row ledger checks
  // are off for the seeding statement only (a superuser's session_replication_role), as bench:seed does.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL session_replication_role = replica`);
    await tx.execute(sql`
      INSERT INTO ledger_accounts (code, user_id, asset, is_house, balance)
      SELECT 'user:' || u || ':USD:' || b, u, 'USD', false, 100 + (u::bigint * 7919 + length(b)) % 5000000
      FROM generate_series(1000001, ${1_000_000 + USERS}) u, unnest(array['available', 'plan']) b`);
    await tx.execute(sql`
      INSERT INTO ledger_accounts (code, user_id, asset, is_house, balance)
      SELECT 'user:' || u || ':BTC:available', u, 'BTC', false, 1000 + (u::bigint * 104729) % 100000000
      FROM generate_series(1000001, ${1_000_000 + USERS}, 10) u`);
  });
  const btc = (await findProduct(db, 'BTC/USDT'))!;
  const closeAt = dayStart(yesterday + 1, TZ) - 1;
  await recordTicks(db, [
    { productId: btc.id, ts: closeAt - 1, price: 96_123n * 10n ** BigInt(btc.precision), volume: 1 },
  ]);
  await db.execute(sql`ANALYZE`);
  console.log(`  setup ${((performance.now() - setup) / 1000).toFixed(1)} s`);

  const t0 = performance.now();
  const root = await publishLiabilities(db, day, TZ);
  const buildMs = performance.now() - t0;
  console.log(
    `  tree of ${root.leaves.toLocaleString('en')} leaves (total ${root.total} U, BTC at ${root.coin_prices[0]?.price}): ${(buildMs / 1000).toFixed(2)} s; goal ${GOAL_USERS.toLocaleString('en')} users in under ${GOAL_MS / 1000} s: ${USERS < GOAL_USERS ? 'not measured (fewer users)' : buildMs < GOAL_MS ? 'met' : 'NOT met'}`,
  );

  const times: number[] = [];
  for (let i = 0; i < PROOFS; i++) {
    const user = 1_000_001 + Math.floor((i * USERS) / PROOFS);
    const s = performance.now();
    await liabilitiesProof(db, user, day);
    times.push(performance.now() - s);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  a user's proof (${PROOFS} users, one at a time): p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
  );
} finally {
  await database.close();
}
