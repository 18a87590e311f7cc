import type { Config } from '../config/env.ts';
import { connect, type Db } from './client.ts';
import { runningEmbeddedUrl } from './embedded.ts';
import { openDatabase } from './database.ts';

/**
 * For command-line tools: DATABASE_URL if set; else the embedded database of a running server; else
 * the embedded database started just for this command and stopped after it.
 */
export async function withDatabase<T>(config: Config, work: (db: Db) => Promise<T>): Promise<T> {
  const url = config.databaseUrl ?? (await runningEmbeddedUrl(config.dataDir));
  if (url) {
    const database = connect(url, 2);
    try {
      return await work(database.db);
    } finally {
      await database.close();
    }
  }
  // Interrupted, the command still stops the database it started (embedded.ts's exit hooks).
  const database = await openDatabase(config, () => {});
  try {
    return await work(database.db);
  } finally {
    await database.shutdown();
  }
}
