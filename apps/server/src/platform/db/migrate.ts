import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { sql } from 'drizzle-orm';
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

/**
 * The newest migration this code ships: drizzle records each applied migration with its journal time
 * (`created_at` = the journal's `when`), and applies only those newer than the newest recorded.
 */
export const SHIPPED_MIGRATION: { tag: string; when: number } = (() => {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1)!;
  return { tag: last.tag, when: last.when };
})();

/**
 * Whether the database holds every migration this code ships. A newer one applied by a node of the next release
 * is fine (migrations are backward compatible, docs/running-several-nodes.md); an older schema, as after a restore
 * of an old backup under a running node, is not: this node's statements may name what does not exist.
 */
export async function migrationsApplied(db: Db): Promise<{ ok: boolean; latest: number | null }> {
  const { rows } = await db.execute<{ latest: string | null }>(
    sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
  );
  const latest = rows[0]?.latest == null ? null : Number(rows[0].latest);
  return { ok: latest !== null && latest >= SHIPPED_MIGRATION.when, latest };
}
