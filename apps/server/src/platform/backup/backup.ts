import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { Writable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { clientConfig, LIMITS } from '../db/client.ts';

/**
 * A logical backup made through PostgreSQL's COPY, so it needs no pg_dump of the server's version (the embedded
 * server is PostgreSQL 18 and no pg_dump 18 ships with it or with Debian 12): one consistent snapshot of every
 * table of the app (a REPEATABLE READ READ ONLY transaction), gzip-compressed, with the schema version it was
 * taken at. A restore rebuilds the schema from the migrations of that same version and copies the rows back.
 *
 * The file: a JSON header line, then per table a line `#TABLE {"name","columns"}`, its rows in COPY's text
 * format, and COPY's end marker `\.` (a data line can never be exactly that: COPY escapes backslashes).
 */
export const BACKUP_FORMAT = 'contract-trader-backup/1';

export type BackupHeader = { format: string; createdAt: string; migrations: string[]; tables: string[] };
export type BackupResult = { tables: number; rows: number; bytes: number; migrations: number };

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function appTables(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables
     WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  return result.rows.map((r) => r.table_name);
}

async function columnsOf(client: pg.ClientBase, table: string): Promise<string[]> {
  const result = await client.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
     WHERE table_schema = 'public' AND table_name = $1 AND is_generated = 'NEVER' ORDER BY ordinal_position`,
    [table],
  );
  return result.rows.map((r) => r.column_name);
}

/** The applied migrations, oldest first: the schema version the rows belong to. */
export async function appliedMigrations(client: pg.ClientBase): Promise<string[]> {
  const exists = await client.query(`SELECT 1 FROM information_schema.tables
    WHERE table_schema = 'drizzle' AND table_name = '__drizzle_migrations'`);
  if (exists.rowCount === 0) return [];
  const result = await client.query<{ hash: string }>(
    'SELECT hash FROM drizzle.__drizzle_migrations ORDER BY created_at, id',
  );
  return result.rows.map((r) => r.hash);
}

export async function writeBackup(url: string, file: string): Promise<BackupResult> {
  const client = new pg.Client(clientConfig(url, LIMITS.longWork, 'backup'));
  await client.connect();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: 0o600 }));
  const put = async (text: string) => {
    if (!gzip.write(text)) await once(gzip, 'drain');
  };
  let rows = 0;
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const tables = await appTables(client);
    const header: BackupHeader = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      migrations: await appliedMigrations(client),
      tables,
    };
    await put(JSON.stringify(header) + '\n');
    for (const table of tables) {
      const columns = await columnsOf(client, table);
      await put(`#TABLE ${JSON.stringify({ name: table, columns })}\n`);
      const list = columns.map(quote).join(', ');
      const source = client.query(copyTo(`COPY (SELECT ${list} FROM ${quote(table)}) TO STDOUT`));
      for await (const chunk of source) {
        rows += countLines(chunk as Buffer);
        if (!gzip.write(chunk)) await once(gzip, 'drain');
      }
      await put('\\.\n');
    }
    await client.query('COMMIT');
    gzip.end();
    await written;
    const bytes = (await stat(file)).size;
    // Recorded only once the file is whole: the backup-age alert must not count one that failed half way.
    await client.query('INSERT INTO backup_runs (file, bytes, rows, tables) VALUES ($1, $2, $3, $4)', [
      file,
      bytes,
      rows,
      tables.length,
    ]);
    return { tables: tables.length, rows, bytes, migrations: header.migrations.length };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

function countLines(chunk: Buffer): number {
  let n = 0;
  for (const byte of chunk) if (byte === 0x0a) n++;
  return n;
}

/** Reads the header line of a backup file (to check it before anything is wiped). */
export async function readBackupHeader(file: string): Promise<BackupHeader> {
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    const header = JSON.parse(line) as BackupHeader;
    if (header.format !== BACKUP_FORMAT) throw new Error(`not a backup of this app (${String(header.format)})`);
    return header;
  }
  throw new Error('the backup file is empty');
}

/**
 * Reads a backup through to its end before anything is wiped: a file cut short (gzip notices) or with a table
 * not closed is refused while the database is still whole.
 */
export async function checkBackupFile(file: string): Promise<BackupHeader> {
  const header = await readBackupHeader(file);
  const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
  let open = false;
  let closed = 0;
  let first = true;
  for await (const line of lines) {
    if (first) {
      first = false;
      continue;
    }
    if (!open && line.startsWith('#TABLE ')) open = true;
    else if (open && line === '\\.') {
      open = false;
      closed++;
    } else if (!open) throw new Error('the backup file is damaged (a line outside any table)');
  }
  if (open || closed !== header.tables.length) throw new Error('the backup file ends in the middle (it was cut short)');
  return header;
}

/** Empties the app's schemas: the next start (or applyMigrations) builds them again. */
export async function wipeDatabase(url: string): Promise<void> {
  const client = new pg.Client(clientConfig(url, LIMITS.longWork, 'restore'));
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA public CASCADE');
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Copies a backup's rows into a database whose schema was just built by the same migrations (the caller wipes
 * and migrates first), in one transaction, then moves every id sequence past the restored ids. Triggers are
 * off while copying (session_replication_role = replica: a journal's balance check would otherwise run for
 * each of its entries); the caller re-verifies the ledger afterwards.
 */
export async function copyBackupIn(url: string, file: string): Promise<{ tables: number; rows: number }> {
  const client = new pg.Client(clientConfig(url, LIMITS.longWork, 'restore'));
  await client.connect();
  let tables = 0;
  let rows = 0;
  // Made after the awaits above: a readline interface drops the lines it reads before its loop starts.
  let lines: ReturnType<typeof createInterface> | null = null;
  try {
    await client.query('BEGIN');
    await client.query('SET LOCAL session_replication_role = replica');
    lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    let header: BackupHeader | null = null;
    let sink: Writable | null = null;
    let done: Promise<void> | null = null;
    for await (const line of lines) {
      if (!header) {
        header = JSON.parse(line) as BackupHeader;
        const applied = await appliedMigrations(client);
        if (header.format !== BACKUP_FORMAT) throw new Error('not a backup of this app');
        if (JSON.stringify(applied) !== JSON.stringify(header.migrations))
          throw new Error(
            `the backup was taken at schema version ${header.migrations.length}, this database is at ${applied.length}: ` +
              'restore with the version of the app that made the backup, then upgrade',
          );
        continue;
      }
      if (!sink) {
        if (!line.startsWith('#TABLE ')) throw new Error('the backup file is damaged (expected a table)');
        const { name, columns } = JSON.parse(line.slice(7)) as { name: string; columns: string[] };
        sink = client.query(copyFrom(`COPY ${quote(name)} (${columns.map(quote).join(', ')}) FROM STDIN`));
        done = once(sink, 'finish').then(() => {});
        tables++;
        continue;
      }
      if (line === '\\.') {
        sink.end();
        await done;
        sink = null;
        continue;
      }
      rows++;
      if (!sink.write(line + '\n')) await once(sink, 'drain');
    }
    if (sink || !header) throw new Error('the backup file ends in the middle (it was cut short)');
    const sequences = await client.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns
       WHERE table_schema = 'public' AND column_default LIKE 'nextval(%'`,
    );
    for (const { table_name: table, column_name: column } of sequences.rows)
      await client.query(
        `SELECT setval(pg_get_serial_sequence($1, $2), coalesce((SELECT max(${quote(column)}) FROM ${quote(table)}), 0) + 1, false)`,
        [quote(table), column],
      );
    await client.query('COMMIT');
    return { tables, rows };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    lines?.close();
    await client.end().catch(() => {});
  }
}
