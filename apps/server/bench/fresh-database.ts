import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { connect } from '../src/platform/db/client.ts';
import { applyMigrations } from '../src/platform/db/migrate.ts';
import { seed } from '../src/seed/seed.ts';

/**
 * A benchmark's own embedded PostgreSQL in a temporary directory, migrated and seeded as a new platform is (no demo
 * user); `close` stops it and removes the directory.
 */
export async function freshSeededDatabase(name: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `app-bench-${name}-`));
  const pg = await startEmbeddedPostgres(dataDir);
  const database = connect(pg.url, 10);
  try {
    await applyMigrations(database.pool, database.db);
    await seed(database.db, { firstInviteCode: 'WELCOME', demo: false });
  } catch (error) {
    await database.close();
    await pg.stop();
    throw error;
  }
  return {
    db: database.db,
    async close() {
      await database.close();
      await pg.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
