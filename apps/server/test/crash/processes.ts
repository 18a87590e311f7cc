import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** `detached`: a process group of its own, as a shell gives `pnpm start` (its id is the child's pid). */
type RunOptions = { logFd?: number; cwd?: string; detached?: boolean };

/**
 * Runs a TypeScript entry point under tsx and collects its output lines; with `logFd`, its output goes to that
 * file instead, as a service's goes to its journal (a benchmark's load generator must not also read every line).
 */
export function runTs(entry: string, env: Record<string, string>, options: RunOptions = {}) {
  return runNode(['--import', 'tsx', entry], env, options);
}

/** Builds dist/ when a source is newer than it (scripts/build.mjs --if-stale). */
export async function buildServerIfStale() {
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--if-stale'], { cwd: serverRoot });
}

/** The built server as production runs it (the systemd unit's `node --enable-source-maps dist/server.js`). */
export function runBuilt(env: Record<string, string>, options: RunOptions = {}) {
  return runNode(['--enable-source-maps', 'dist/server.js'], env, options);
}

/** Runs node with these arguments, as runTs does. */
export function runNode(args: string[], env: Record<string, string>, options: RunOptions = {}) {
  // These runs are about the embedded database, whatever the surrounding shell points DATABASE_URL at.
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const child = spawn(process.execPath, args, {
    // Another tree's server (the previous release's, for the N-1 test) runs from its own folder.
    cwd: options.cwd ?? serverRoot,
    detached: options.detached,
    env: { ...inherited, LOG_LEVEL: 'info', ...env },
    stdio: options.logFd === undefined ? 'pipe' : ['ignore', options.logFd, options.logFd],
  }) as ChildProcessWithoutNullStreams;
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  if (options.logFd !== undefined) return { child, lines, exited };
  let buffer = '';
  const take = (chunk: Buffer) => {
    buffer += chunk.toString();
    const parts = buffer.split('\n');
    buffer = parts.pop()!;
    lines.push(...parts);
  };
  child.stdout.on('data', take);
  child.stderr.on('data', take);
  return { child, lines, exited };
}

/** Stops a server run by runTs as systemd would (SIGTERM, unless it has already ended) and waits for it to exit. */
export async function stopRun(run: Pick<ReturnType<typeof runTs>, 'child' | 'exited'>) {
  if (run.child.exitCode === null && run.child.signalCode === null) run.child.kill('SIGTERM');
  await run.exited;
}

/** Waits for `check`; on a time-out the error carries the last lines of `log`, the server's own account of why. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 90_000,
  log?: readonly string[],
) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  const tail = log ? `; the server's last lines:\n  ${log.slice(-40).join('\n  ')}` : '';
  throw new Error(`timed out waiting for ${what}${tail}`);
}

export async function postmasterPid(dataDir: string): Promise<number | null> {
  const text = await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').catch(() => null);
  return text ? Number.parseInt(text.split('\n')[0]!, 10) : null;
}

export function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

let built: Promise<void> | undefined;

/** buildServerIfStale once for this process: every built start of a test file after the first finds dist/ checked. */
export const serverBuilt = () => (built ??= buildServerIfStale());

/**
 * The real server under load-test settings (production mode, jobs on, a short backfill, behind a proxy), started and
 * waited for until it answers /api/health on its port. This tree's server runs as production runs it, built
 * (dist/server.js, built first if a source changed since): a start then takes about 3 s of CPU against 6 under tsx,
 * and the kill cycles start it twenty times. Another tree's (`cwd`, the N-1 test's previous release, installed
 * without its build) runs from its sources.
 */
export async function startServer(
  env: { DATA_DIR: string; PORT: number; ADMIN_PORT: number } & Record<string, string | number>,
  options: { cwd?: string } = {},
) {
  if (!options.cwd) await serverBuilt();
  const settings = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    JOBS: '1',
    BACKFILL_DAYS: '1',
    BACKFILL_TICK_SECONDS: '3600',
    TRUST_PROXY: '1',
    ...Object.fromEntries(Object.entries(env).map(([k, v]) => [k, String(v)])),
  };
  const run = options.cwd ? runTs('src/server.ts', settings, options) : runBuilt(settings, options);
  await waitFor(
    async () => {
      // A server that has ended will not answer: its own last lines say why, now rather than at the time-out.
      if (run.child.exitCode !== null || run.child.signalCode !== null)
        throw new Error(
          `the server on port ${env.PORT} ended (${run.child.exitCode ?? run.child.signalCode}) before it answered; ` +
            `its last lines:\n  ${run.lines.slice(-40).join('\n  ')}`,
        );
      return await fetch(`http://127.0.0.1:${env.PORT}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
    },
    `the server on port ${env.PORT}`,
    180_000,
    run.lines,
  );
  return run;
}

/** The pids of the processes `pid` started (a cluster primary's workers, its embedded PostgreSQL). */
export async function childrenOf(pid: number): Promise<number[]> {
  const tasks = await fs.readdir(`/proc/${pid}/task`);
  const lists = await Promise.all(tasks.map((t) => fs.readFile(`/proc/${pid}/task/${t}/children`, 'utf8')));
  return lists.flatMap((l) => l.split(' ').filter(Boolean).map(Number));
}
