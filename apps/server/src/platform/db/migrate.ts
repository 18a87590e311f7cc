import path from 'node:path';
import type pg from 'pg';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { serverRoot } from '../config/paths.ts';
import type { Db } from './client.ts';

export const MIGRATIONS_DIR = path.join(serverRoot, 'drizzle');

const MIGRATION_LOCK = 727_001;

/** Applies the committed migrations; a session advisory lock keeps nodes starting together from racing. */
export async function applyMigrations(pool: pg.Pool, db: Db): Promise<void> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR, migrationsSchema: 'drizzle' });
  } finally {
    await holder.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    holder.release();
  }
}
