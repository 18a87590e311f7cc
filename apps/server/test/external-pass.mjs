// Runs the database-backed integration suites a second time against DATABASE_URL's PostgreSQL.
import { spawnSync } from 'node:child_process';

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('[tests] DATABASE_URL is not set: skipping the integration pass against an external PostgreSQL.');
  process.exit(0);
}
console.log(`[tests] integration pass against the external PostgreSQL at ${new URL(url).host}`);
const result = spawnSync('npx', ['vitest', 'run', 'test/integration', 'test/ledger'], {
  stdio: 'inherit',
  shell: true,
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
