import { bigint, bigserial, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Each backup that was written whole (`ops backup`, the hourly timer): the database is where every node can read
 * when the last one finished (the backup_last_success_timestamp_seconds metric), whichever node ran it. A row is
 * added after the file is closed, so a backup never holds its own row.
 */
export const backupRuns = pgTable('backup_runs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
  /** The file as the command resolved it, on the machine that ran it. */
  file: text('file').notNull(),
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
  tables: integer('tables').notNull(),
});
