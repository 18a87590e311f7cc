import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../config/env.ts';

/**
 * `pnpm ops backup` and `pnpm ops restore`: unlike the other operator commands these work on the database itself
 * (DATABASE_URL, or the embedded one under DATA_DIR: the running server's, or started for the command).
 */
export function registerBackupCommands(program: Command, config: Config) {
  const withUrl = async <T>(work: (url: string) => Promise<T>, { whileRunning }: { whileRunning: boolean }) => {
    if (config.databaseUrl) return work(config.databaseUrl);
    // Loaded when a backup or restore runs: every other command of the CLI starts without PostgreSQL's code.
    const { runningEmbeddedUrl, startEmbeddedPostgres } = await import('../db/embedded.ts');
    const running = await runningEmbeddedUrl(config.dataDir);
    if (running) {
      if (!whileRunning) throw new Error('the server is running on this DATA_DIR: stop it before restoring');
      return work(running);
    }
    const embedded = await startEmbeddedPostgres(config.dataDir);
    try {
      return await work(embedded.url);
    } finally {
      await embedded.stop();
    }
  };

  program
    .command('backup')
    .description('write a consistent, compressed backup of the whole database (the server may keep running)')
    .option('-o, --out <file>', 'where to write it (default DATA_DIR/backups/backup-<time>.gz)')
    .action(async (o: { out?: string }) => {
      const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
      const file = path.resolve(o.out ?? path.join(config.dataDir, 'backups', `backup-${stamp}.gz`));
      await mkdir(path.dirname(file), { recursive: true });
      const { writeBackup } = await import('./backup.ts');
      const made = await withUrl((url) => writeBackup(url, file), { whileRunning: true });
      console.log(
        `backup written: ${file} (${made.tables} tables, ${made.rows} rows, ${(made.bytes / 1024).toFixed(1)} KB, schema version ${made.migrations})`,
      );
    });

  program
    .command('restore <file>')
    .description('replace the whole database with a backup, then verify the ledger (stop the server first)')
    .option('--yes', 'confirm wiping the database DATABASE_URL points at')
    .action(async (file: string, o: { yes?: boolean }) => {
      if (config.databaseUrl && !o.yes)
        throw new Error(`this wipes the database at ${new URL(config.databaseUrl).host}: run again with --yes`);
      const { restoreBackup } = await import('./restore.ts');
      const result = await withUrl((url) => restoreBackup(url, path.resolve(file)), { whileRunning: false });
      console.log(`restored ${result.tables} tables, ${result.rows} rows`);
      const { ledger } = result;
      if (ledger.breaks.length > 0) {
        console.error(`ledger BROKEN after restore: ${ledger.breaks.length} problem(s)`);
        process.exit(1);
      }
      console.log(`ledger OK: ${ledger.accounts} accounts, ${ledger.journals} journals, ${ledger.entries} entries`);
    });
}
