import { closeSync, openSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServerIfStale, runBuilt, waitFor } from '../test/crash/processes.ts';
import { freePort, runningEmbeddedUrl } from '../src/platform/db/embedded.ts';

/**
 * The real server as production runs it (dist/server.js, built first if a source changed since; the systemd unit's
 * `node --enable-source-maps`) in a child process on a fresh data directory, loopback only; or on a seeded one
 * (`dataDir`, from pnpm bench:seed), which is kept when it stops. Under tsx, requests took more CPU than under the
 * built server, and the built server is what a user waits for.
 */
export async function startBenchServer(env: Record<string, string> = {}, seeded?: { dataDir: string }) {
  await buildServerIfStale();
  const dataDir = seeded?.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'app-bench-')));
  const port = await freePort();
  const adminPort = await freePort();
  // The server writes its lines to a file, as a service's go to its journal: read back only when asked.
  const logFile = path.join(os.tmpdir(), `app-bench-${port}.log`);
  const logFd = openSync(logFile, 'w');
  const lines = () => readFileSync(logFile, 'utf8').split('\n');
  const server = runBuilt(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      BACKFILL_DAYS: '3',
      BACKFILL_TICK_SECONDS: '900',
      ...env,
    },
    { logFd },
  );
  closeSync(logFd);
  await waitFor(
    async () =>
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    'the server',
    seeded ? 1_800_000 : 180_000,
  );
  // A cluster answers as soon as its first worker listens; the others are waited for by their own lines (which
  // needs LOG_LEVEL=info), so that connections are spread over all of them.
  const processes = Number(env.PROCESSES ?? 1);
  if (processes > 1)
    await waitFor(
      () => lines().filter((l) => l.includes('"listening;')).length >= processes,
      `the server's ${processes} workers (LOG_LEVEL=info)`,
      180_000,
    );
  // The feed has recorded its first live seconds once its watermark is near now.
  const url = (await runningEmbeddedUrl(dataDir))!;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    /** The operator API (admin-app.ts) of the same server. */
    adminBase: `http://127.0.0.1:${adminPort}`,
    /** The server's process (node itself: runBuilt starts no shell). */
    pid: server.child.pid!,
    dbUrl: url,
    /** The server's log lines so far (stdout and stderr), read from its log file. */
    lines,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await fs.rm(logFile, { force: true });
      if (!seeded) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
