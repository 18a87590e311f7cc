import { connect, LIMITS } from '../db/client.ts';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_DIR, applyMigrations } from '../db/migrate.ts';
import { verifyLedger } from '../../modules/ledger/index.ts';
import { checkBackupFile, copyBackupIn, wipeDatabase } from './backup.ts';

export type RestoreResult = {
  tables: number;
  rows: number;
  ledger: Awaited<ReturnType<typeof verifyLedger>>;
};

/**
 * Replaces everything in the database with a backup: checks the file first (nothing is wiped for a file that
 * is not a backup), empties the schemas, builds them with the migrations, copies the rows in, and re-derives
 * the ledger. The server must not be running against this database meanwhile.
 */
export async function restoreBackup(url: string, file: string): Promise<RestoreResult> {
  const header = await checkBackupFile(file);
  const ours = readMigrationFiles({ migrationsFolder: MIGRATIONS_DIR }).map((m) => m.hash);
  if (JSON.stringify(ours) !== JSON.stringify(header.migrations))
    throw new Error(
      `the backup was taken at schema version ${header.migrations.length}, this app is at ${ours.length}: ` +
        'restore it with the version of the app that made it, then upgrade (nothing was changed)',
    );
  await wipeDatabase(url);
  const database = connect(url, 2, { limits: LIMITS.longWork, name: 'restore' });
  try {
    await applyMigrations(database.pool, database.db);
    const copied = await copyBackupIn(url, file);
    return { ...copied, ledger: await verifyLedger(database.db) };
  } finally {
    await database.close();
  }
}
