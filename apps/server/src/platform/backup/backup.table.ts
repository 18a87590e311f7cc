import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each backup that was written whole: the database is where every node can read when the last one finished, whichever
 * machine ran it. `logical` rows are `ops backup` files (the hourly timer; backup_last_success_timestamp_seconds),
 * added after the file is closed, so a backup never holds its own row. `base` rows are pgBackRest base backups of an
 * external PostgreSQL, added by contract-trader-basebackup.service once pgBackRest has finished
 * (base_backup_last_success_timestamp_seconds); their sizes are pgBackRest's to report (`pgbackrest info`), so 0.
 */
export const backupRuns = pgTable('backup_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind', { enum: ['logical', 'base'] })
    .notNull()
    .default('logical'),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  /** The file as the command resolved it, on the machine that ran it. */
  file: text('file').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
  tables: integer('tables').notNull(),
});
