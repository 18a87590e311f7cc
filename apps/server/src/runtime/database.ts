import type { Config } from '../config/env.ts';
import { connect, type Database } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded.ts';
import { applyMigrations } from '../db/migrate.ts';

export type OpenDatabase = Database & { url: string; embedded: boolean; shutdown: () => Promise<void> };

/** DATABASE_URL if set, else the embedded server under DATA_DIR; migrations are applied either way. */
export async function openDatabase(config: Config, log: (m: string) => void): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const database = connect(url);
  try {
    await applyMigrations(database.pool, database.db);
  } catch (error) {
    await database.close();
    await embedded?.stop();
    throw error;
  }
  return {
    ...database,
    url,
    embedded: embedded !== null,
    shutdown: async () => {
      await database.close();
      await embedded?.stop();
    },
  };
}
