import { test as base } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { exitOf } from './process-exit.ts';
import { e2eDir, repoRoot, webDir } from './paths.ts';

export type MarketServer = {
  url: string;
  adminUrl: string;
  adminToken: string;
  /** The embedded database this server started (its URL), for more nodes on the same data. */
  databaseUrl: () => string;
  /** kill -9 of the server's whole process group (a node on another's database has no PostgreSQL in it). */
  crash: () => void;
  stop: () => Promise<void>;
};

/**
 * A second server for the trading specs, with its jobs on: the shared one of global setup runs with JOBS=0
 * (its screens need no market), but an order needs the price feed recording seconds and the settlement job.
 * Same built web, its own data dir, a one-day backfill so every chart interval has history.
 */
export async function startMarketServer(
  options: { databaseUrl?: string; adminToken?: string; name?: string } = {},
): Promise<MarketServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-market-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const logFile = path.join(e2eDir, `.tmp/${options.name ?? 'market-server'}.log`);
  const adminToken = options.adminToken ?? `e2e-market-${Date.now()}-0123456789abcdef`;
  const server: ChildProcess = spawn('pnpm', ['--silent', '--filter', '@app/server', 'start'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      // A fresh embedded database, whatever DATABASE_URL the surrounding shell (or CI) sets, unless this is one
      // more node on another's.
      DATABASE_URL: options.databaseUrl ?? '',
      // Behind the cluster spec's balancer, each phone's own address.
      TRUST_PROXY: options.databaseUrl ? '1' : '0',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      ADMIN_TOKEN: adminToken,
      WEB_DIR: process.env.E2E_WEB_DIR || webDir,
      LOG_LEVEL: 'info',
      JOBS: '1',
      BACKFILL_DAYS: '1',
    },
  });
  let log = '';
  server.stdout?.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => void (log += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  // Ready when the feed leads and BTC/USDT has a price from the last few seconds.
  for (;;) {
    if (Date.now() > deadline) {
      writeFileSync(logFile, log);
      throw new Error(`the market server did not start; log in ${logFile}`);
    }
    try {
      const body = (await (await fetch(`${url}/api/index/getprodata?symbol=BTC/USDT`)).json()) as {
        code: number;
        data?: { time: number | null };
      };
      if (body.code === 200 && body.data?.time && Date.now() / 1000 - body.data.time < 5) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    url,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    adminToken,
    databaseUrl: () => {
      const port = readFileSync(path.join(dataDir, 'pg-port'), 'utf8').trim();
      const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      return `postgres://app:${encodeURIComponent(password)}@127.0.0.1:${port}/app`;
    },
    crash: () => {
      process.kill(-server.pid!, 'SIGKILL');
    },
    stop: async () => {
      writeFileSync(logFile, log);
      try {
        process.kill(-server.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      // The server stops its embedded PostgreSQL itself (in a process group of its own, out of reach of the kill
      // below): wait for it, usually well under a second.
      await exitOf(server, 20_000);
      try {
        process.kill(-server.pid!, 'SIGKILL');
      } catch {
        // stopped
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

type Envelope<T> = { code: number; msg: string; key: string; data: T };

/** A GET of the public or user API, unwrapped. */
export async function api<T>(base: string, pathAndQuery: string, token?: string): Promise<T> {
  const response = await fetch(`${base}${pathAndQuery}`, { headers: token ? { token } : {} });
  const body = (await response.json()) as Envelope<T>;
  if (body.code !== 200) throw new Error(`${pathAndQuery}: ${body.key} ${body.msg}`);
  return body.data;
}

/**
 * `test` with a `market` server shared by every trading spec of the worker (the run has one worker), so the
 * price history is recorded once per run rather than once per file.
 */
export const test = base.extend<object, { market: MarketServer }>({
  market: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startMarketServer();
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 300_000 },
  ],
});
export { expect } from '@playwright/test';
