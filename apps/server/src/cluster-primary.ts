import { randomBytes } from 'node:crypto';
import cluster, { type Worker } from 'node:cluster';
import type pino from 'pino';
import type { Config } from './platform/config/env.ts';
import { unavailablePorts } from './platform/config/listen-ports.mjs';
import { openDatabase } from './platform/db/database.ts';
import { takeOverStopSignals } from './platform/db/embedded.ts';
import { dataDirSecret } from './platform/config/data-dir-secret.ts';
import { prepareDatabase } from './seed/prepare-database.ts';

/** How long a stopping primary waits for its workers to finish their requests before it kills them. */
const STOP_GRACE_MS = 25_000;
/** A worker that died is started again after this pause (not at once: a crash loop would spin the CPU). */
const RESTART_DELAY_MS = 1_000;

/**
 * PROCESSES > 1: this node runs that many workers of node:cluster on the same ports, so that one node uses more
 * than one core (the fan-out of live quotes to thousands of sockets is a system call per socket; two processes
 * share it). The primary serves nothing itself: it checks the ports, starts the embedded PostgreSQL (or reads
 * DATABASE_URL), applies migrations and the seed once, and forks the workers with the database's URL and the admin
 * token; only the first worker runs the jobs (each job is safe on many nodes, but one is enough on one machine).
 * A worker that dies is started again; SIGTERM stops the workers, then the database.
 */
export async function runPrimary(config: Config, log: pino.Logger): Promise<void> {
  const busy = await unavailablePorts();
  if (busy.length > 0) {
    console.error(busy.join('\n'));
    process.exit(1);
  }
  const database = await openDatabase(config, (m) => log.debug({ component: 'postgres' }, m));
  log.info({ embedded: database.embedded, dataDir: config.dataDir, processes: config.processes }, 'database ready');
  await prepareDatabase(database.db, config, log);
  const adminToken =
    config.adminToken ?? dataDirSecret(config.dataDir, 'admin-token', () => randomBytes(32).toString('base64url'));
  // The workers reach the database through the pools they open; the primary's own are not needed any more.
  await Promise.allSettled([database.close(), database.requests.close()]);

  let stopping = false;
  const workers = new Set<Worker>();
  const fork = (index: number) => {
    const worker = cluster.fork({
      DATABASE_URL: database.url,
      ADMIN_TOKEN: adminToken,
      JOBS: config.jobs && index === 0 ? '1' : '0',
      APP_WORKER: String(index + 1),
    });
    workers.add(worker);
    worker.on('exit', (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      log.error({ worker: index + 1, code, signal }, 'worker exited; starting it again');
      // Not unref'd: with every worker gone, this timer is what keeps the primary (and its database) alive.
      setTimeout(() => !stopping && fork(index), RESTART_DELAY_MS);
    });
  };
  for (let i = 0; i < config.processes; i++) fork(i);

  database.onLost((reason) => {
    log.fatal(`${reason}; stopping the workers and exiting so that the server is started again`);
    stopping = true;
    for (const worker of workers) worker.kill('SIGKILL');
    process.exit(1);
  });

  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down the workers');
    const exited = [...workers].map(
      (worker) => new Promise<void>((resolve) => (worker.isDead() ? resolve() : worker.once('exit', () => resolve()))),
    );
    for (const worker of workers) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      for (const worker of workers) worker.process.kill('SIGKILL');
    }, STOP_GRACE_MS);
    await Promise.all(exited);
    clearTimeout(force);
    await database.shutdown();
    log.info('stopped');
    process.exit(0);
  };
  takeOverStopSignals();
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
