// Runs the suites whose SQL meets what differs between PostgreSQL versions a second time, against DATABASE_URL's
// server (CI's is 15; the embedded one is 18), so SQL that only one version accepts, or behaves differently under,
// fails a build.
import { spawnSync } from 'node:child_process';

/**
 * Every migration runs on that server before any file does (the template database of global setup). Beyond the
 * migrations, these files hold what a version can change: pg_dump and pg_restore of one version against a server
 * of another (backup); the ledger's constraints, triggers and locks (test/ledger); row locks and SKIP LOCKED under
 * concurrency (orders: placement's group commit and settlement; wallet-concurrency; open-stakes.property); the
 * leader's advisory locks and the pool's reads of pg_stat_activity (metrics); batched deletes and the planner's
 * choice of index for them (maintenance, market-retention); row-value comparisons of keyset paging (list-paging);
 * the house view's aggregates (house); accrual's set-based batches (invest-accrual-batches); the transparency log's
 * queue by transaction ids and snapshots (xid8, pg_snapshot_xmin) across its migration (log-leaves); LIKE 'x%'
 * served by text_pattern_ops indexes under the server's own collation, not only the embedded C (search-everything,
 * and the users list searched by the same keys: users-list).
 * The other suites send the same statements through the same driver as these, and run on the embedded server in
 * the fast tier.
 */
const SUITES = [
  'test/ledger',
  'test/integration/backup.test.ts',
  'test/integration/orders.test.ts',
  'test/integration/wallet-concurrency.test.ts',
  'test/integration/open-stakes.property.test.ts',
  'test/integration/metrics.test.ts',
  'test/integration/maintenance.test.ts',
  'test/integration/market-retention.test.ts',
  'test/integration/list-paging.test.ts',
  'test/integration/house.test.ts',
  'test/integration/invest-accrual-batches.test.ts',
  'test/integration/log-leaves.test.ts',
  'test/integration/search-everything.test.ts',
  'test/integration/users-list.test.ts',
];

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('[tests] DATABASE_URL is not set: skipping the pass against an external PostgreSQL.');
  process.exit(0);
}
console.log(`[tests] ${SUITES.length} suites against the external PostgreSQL at ${new URL(url).host}`);
const result = spawnSync('npx', ['vitest', 'run', ...SUITES], {
  stdio: 'inherit',
  shell: true,
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
