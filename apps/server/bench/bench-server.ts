import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runTs, waitFor } from '../test/crash/processes.ts';
import { freePort, runningEmbeddedUrl } from '../src/platform/db/embedded.ts';

/** The real server (src/server.ts) in a child process on a fresh data directory, loopback only. */
export async function startBenchServer(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-bench-'));
  const port = await freePort();
  const adminPort = await freePort();
  const server = runTs('src/server.ts', {
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    BACKFILL_DAYS: '3',
    BACKFILL_TICK_SECONDS: '900',
    ...env,
  });
  await waitFor(
    async () =>
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    'the server',
    180_000,
  );
  // The feed has recorded its first live seconds once its watermark is near now.
  const url = (await runningEmbeddedUrl(dataDir))!;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    dbUrl: url,
    /** The server's log lines so far (stdout and stderr). */
    lines: server.lines,
    async stop() {
      server.child.kill('SIGTERM');
      await server.exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
