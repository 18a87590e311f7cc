/**
 * pnpm bench:seed
 * A platform's worth of data (100,000 users, 10,000,000 ledger entries, 5,000,000 orders, 1,000,000 plan holdings,
 * messages, deposit / withdrawal / exchange records and a year of per-second prices for one product; BENCH_SCALE
 * scales every count, see seed-counts.ts) in DATABASE_URL if set, else in a fresh embedded PostgreSQL under
 * DATA_DIR (a new temporary directory unless given), which is printed and kept for the benchmarks that read it.
 * Then the checks the triggers would have made: the ledger verifier (BENCH_VERIFY=0 skips it) and the open-stake
 * drift.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connect, LIMITS } from '../../src/platform/db/client.ts';
import { startEmbeddedPostgres } from '../../src/platform/db/embedded.ts';
import { applyMigrations } from '../../src/platform/db/migrate.ts';
import { seed } from '../../src/seed/seed.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { openStakeDrift } from '../../src/modules/orders/index.ts';
import { countsFromEnv } from './seed-counts.ts';
import { seedPlatform } from './seed-platform.ts';
import { BENCH_PASSWORD, HEAVY_ACCOUNT } from './seed-users.ts';

const counts = countsFromEnv();
const dataDir = process.env.DATABASE_URL
  ? null
  : (process.env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'app-bench-seed-'))));
const pg = dataDir ? await startEmbeddedPostgres(dataDir) : null;
const database = connect(process.env.DATABASE_URL ?? pg!.url, 4, { limits: LIMITS.longWork, name: 'bench-seed' });
try {
  console.log(`bench:seed  ${dataDir ? `DATA_DIR=${dataDir}` : 'DATABASE_URL'}`);
  console.log(`  counts ${JSON.stringify(counts)}`);
  const t0 = performance.now();
  await applyMigrations(database.pool, database.db);
  await seed(database.db, { firstInviteCode: 'WELCOME', demo: false });
  await seedPlatform(database.db, counts);
  console.log(`  seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  // As autovacuum leaves a table that has been written once: visibility map set, so counts read the index alone.
  const tv = performance.now();
  await database.db.execute(sql`VACUUM (ANALYZE)`);
  console.log(`  vacuumed in ${((performance.now() - tv) / 1000).toFixed(1)} s`);

  if (process.env.BENCH_VERIFY !== '0') {
    const t1 = performance.now();
    const report = await verifyLedger(database.db);
    console.log(
      `  ledger verifier: ${report.entries.toLocaleString('en')} entries, ${report.breaks.length} breaks in ${((performance.now() - t1) / 1000).toFixed(1)} s`,
    );
    for (const b of report.breaks.slice(0, 5)) console.log(`    ${b.kind} ${b.detail}`);
    if (report.breaks.length) process.exitCode = 1;
  }
  const drift = await openStakeDrift(database.db);
  console.log(`  open-stake drift: ${drift.length} rows`);
  if (drift.length) process.exitCode = 1;
  const size = await database.db.execute<{ size: string }>(
    sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
  );
  console.log(`  database size ${size.rows[0]!.size}`);
  console.log(`  the heavy user signs in as ${HEAVY_ACCOUNT} / ${BENCH_PASSWORD}`);
  if (dataDir) console.log(`  kept: DATA_DIR=${dataDir} (pnpm bench:lists and bench:backup read it; rm -rf it after)`);
} finally {
  await database.close();
  await pg?.stop();
}
