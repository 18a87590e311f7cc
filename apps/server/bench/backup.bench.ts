/**
 * pnpm bench:backup
 * `pnpm ops backup` and `pnpm ops restore` of a whole seeded database (DATA_DIR from pnpm bench:seed; without it a
 * fresh one is seeded at BENCH_SCALE, default 0.01, and removed after): the backup of DATA_DIR's database to a file,
 * then its restore into a fresh embedded PostgreSQL (schema by the migrations, rows copied in, the ledger verified,
 * as the restore command does), each timed, with the database's size, the file's and the rows copied.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { connect, LIMITS } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { writeBackup } from '../src/platform/backup/backup.ts';
import { restoreBackup } from '../src/platform/backup/restore.ts';
import { seededDataDir } from './seed/seeded-data-dir.ts';

const { dataDir, done } = await seededDataDir('backup');
const work = await fs.mkdtemp(path.join(os.tmpdir(), 'app-bench-backup-'));
// As root, the restored cluster's PostgreSQL (user postgres) must pass through this directory to its own.
await fs.chmod(work, 0o711);
const file = path.join(work, 'backup.gz');
const seconds = (t0: number) => ((performance.now() - t0) / 1000).toFixed(1);
try {
  const source = await startEmbeddedPostgres(dataDir);
  try {
    const database = connect(source.url, 2, { limits: LIMITS.longWork, name: 'bench-backup' });
    // As the server would on start: the restore refuses a backup of an older schema than this app's.
    await applyMigrations(database.pool, database.db);
    const size = await database.db.execute<{ size: string }>(
      sql`SELECT pg_size_pretty(pg_database_size(current_database())) AS size`,
    );
    await database.close();
    console.log(`bench:backup  DATA_DIR=${dataDir} (database ${size.rows[0]!.size})`);
    const t0 = performance.now();
    const made = await writeBackup(source.url, file);
    console.log(
      `  backup:  ${seconds(t0)} s  ${made.tables} tables, ${made.rows.toLocaleString('en')} rows, file ${(made.bytes / 1024 / 1024).toFixed(1)} MB`,
    );
  } finally {
    await source.stop();
  }

  const target = await startEmbeddedPostgres(path.join(work, 'restored'));
  try {
    const t1 = performance.now();
    const restored = await restoreBackup(target.url, file);
    console.log(
      `  restore: ${seconds(t1)} s  ${restored.tables} tables, ${restored.rows.toLocaleString('en')} rows, ledger ${restored.ledger.breaks.length ? `BROKEN (${restored.ledger.breaks.length})` : 'verified'} (${restored.ledger.entries.toLocaleString('en')} entries)`,
    );
  } finally {
    await target.stop();
  }
} finally {
  await fs.rm(work, { recursive: true, force: true });
  await done();
}
