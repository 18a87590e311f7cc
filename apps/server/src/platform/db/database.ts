import type { Config } from '../config/env.ts';
import { connect, LIMITS, type Database } from './client.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { applyMigrations } from './migrate.ts';
import { watchPostmaster } from './postmaster-watch.ts';

export type OpenDatabase = Database & {
  url: string;
  embedded: boolean;
  /**
   * The pool that serves users' requests, under LIMITS.requests: a stalled database is answered "system busy"
   * within seconds. `db` itself (jobs, tools) has the generous LIMITS.work.
   */
  requests: Database;
  /**
   * Calls back once if the embedded PostgreSQL exits without being stopped (never for a DATABASE_URL database,
   * whose outages are answered "system busy" until it is back).
   */
  onLost: (listener: (reason: string) => void) => void;
  shutdown: () => Promise<void>;
};

/** DATABASE_URL if set, else the embedded server under DATA_DIR; migrations are applied either way. */
export async function openDatabase(config: Config, log: (m: string) => void): Promise<OpenDatabase> {
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, log);
  const url = config.databaseUrl ?? embedded!.url;
  const database = connect(url, 16, { limits: LIMITS.work, name: 'app-work' });
  const requests = connect(url, 20, { limits: LIMITS.requests, name: 'app-requests' });
  const closeAll = async () => {
    await Promise.allSettled([database.close(), requests.close()]);
    await embedded?.stop();
  };
  const lost = new Set<(reason: string) => void>();
  let lostReason: string | null = null;
  let unwatch = () => {};
  try {
    const migrator = connect(url, 2, { limits: LIMITS.longWork, name: 'app-migrate' });
    try {
      await applyMigrations(migrator.pool, migrator.db);
    } finally {
      await migrator.close();
    }
    if (embedded)
      unwatch = await watchPostmaster(config.dataDir, (pid) => {
        lostReason = `the embedded PostgreSQL (pid ${pid}) exited unexpectedly`;
        for (const listener of lost) listener(lostReason);
      });
  } catch (error) {
    await closeAll();
    throw error;
  }
  return {
    ...database,
    url,
    embedded: embedded !== null,
    requests,
    onLost: (listener) => {
      lost.add(listener);
      if (lostReason) listener(lostReason);
    },
    shutdown: async () => {
      unwatch();
      await closeAll();
    },
  };
}
