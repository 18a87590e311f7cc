import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { exitOf } from './process-exit.ts';
import { e2eDir, repoRoot, webDir } from './paths.ts';

export type Server = {
  url: string;
  adminUrl: string;
  adminToken: string;
  /** The embedded database this server started (its URL), for more nodes on the same data. */
  databaseUrl: () => string;
  /** kill -9 of the server's whole process group (a node on another's database has no PostgreSQL in it). */
  crash: () => void;
  stop: () => Promise<void>;
};

export type ServerOptions = {
  /** Names the log file, e2e/.tmp/<name>.log. */
  name: string;
  /**
   * Jobs on: the price feed records seconds and the settlement job runs, so the server is ready only once
   * BTC/USDT has a price from the last few seconds. Off: screens that need no market, ready once healthy.
   */
  jobs: boolean;
  /** One more node on another server's database (behind the cluster spec's balancer). */
  databaseUrl?: string;
  /**
   * Take the client's address from X-Forwarded-For, as behind nginx (always for a node on another's database):
   * a spec can then sign users in from a public address, which the shared-address risk rule looks at.
   */
  trustProxy?: boolean;
  adminToken?: string;
};

/**
 * The one way e2e starts the real server (`pnpm start`: the bundled server, serving the built web under /h5/):
 * its own data dir, ports and admin token; the log kept in e2e/.tmp. Global setup starts the shared one with
 * jobs off; the trading specs and the cluster spec start their own with jobs on.
 */
export async function startServer(options: ServerOptions): Promise<Server> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (error) {
      // freePort's port is free when asked, not when the server binds it: another process (a browser's outgoing
      // connection, another server's PostgreSQL) may take it in between, and the server then refuses to start.
      // That is this harness's race, not the server's fault: start again on other ports.
      if (!(error instanceof PortTaken) || attempt === 3) throw error;
      console.warn(`${error.message}\n(a port was taken: starting it again on other ports)`);
    }
  }
}

/** The server stopped before it was ready because a port it was given was taken meanwhile. */
class PortTaken extends Error {}

/** The last lines of a server's log, for an error that says why it stopped. */
function tail(logFile: string, lines = 25): string {
  return readFileSync(logFile, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
}

async function startOnce(options: ServerOptions): Promise<Server> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `e2e-${options.name}-`));
  const [port, adminPort] = [await freePort(), await freePort()];
  const logFile = path.join(e2eDir, `.tmp/${options.name}.log`);
  const adminToken = options.adminToken ?? `e2e-${options.name}-${Date.now()}-0123456789abcdef`;
  const server = spawn('pnpm', ['--silent', '--filter', '@app/server', 'start'], {
    cwd: repoRoot,
    detached: true,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      // A fresh embedded database, whatever DATABASE_URL the surrounding shell (or CI) sets, unless this is one
      // more node on another's.
      DATABASE_URL: options.databaseUrl ?? '',
      // Behind the cluster spec's balancer, each phone's own address.
      TRUST_PROXY: options.databaseUrl || options.trustProxy ? '1' : '0',
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      ADMIN_TOKEN: adminToken,
      WEB_DIR: process.env.E2E_WEB_DIR || webDir,
      LOG_LEVEL: 'info',
      JOBS: options.jobs ? '1' : '0',
      // A one-day backfill: every chart interval has history, and a fresh data dir starts in seconds.
      BACKFILL_DAYS: '1',
      // Every user of the suite registers, signs in and asks for codes from this one machine's address, two
      // journeys at a time.
      SMS_DAILY_PER_ADDRESS: '100000',
      AUTH_REQUESTS_PER_MINUTE: '1000',
      // The reality check every minute at the shortest, so a spec sees it without waiting ten.
      REALITY_MIN_MINUTES: '1',
    },
  });
  // Appended as it comes: rewriting the whole file at each chunk cost a market server's log (700 KB) thousands of
  // times over.
  writeFileSync(logFile, '');
  const keep = (chunk: Buffer) => appendFileSync(logFile, chunk);
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;

  const ready = options.jobs ? async () => (await priceAge(url)) < 5 : async () => (await healthCode(url)) === 200;
  const deadline = Date.now() + 240_000;
  while (!(await ready())) {
    if (server.exitCode !== null) {
      const last = tail(logFile);
      rmSync(dataDir, { recursive: true, force: true });
      const why = `the ${options.name} server exited with ${server.exitCode}; log in ${logFile}, ending:\n${last}`;
      throw /already in use|EADDRINUSE/.test(last) ? new PortTaken(why) : new Error(why);
    }
    if (Date.now() > deadline)
      throw new Error(
        `the ${options.name} server did not get ready in 240 s; log in ${logFile}, ending:\n${tail(logFile)}`,
      );
    // A poll of the server's own readiness, not a wait for time to pass.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  return {
    url,
    adminUrl: `http://127.0.0.1:${adminPort}`,
    adminToken,
    databaseUrl: () => {
      const pgPort = readFileSync(path.join(dataDir, 'pg-port'), 'utf8').trim();
      const password = readFileSync(path.join(dataDir, 'pg-password'), 'utf8').trim();
      return `postgres://app:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/app`;
    },
    crash: () => {
      process.kill(-server.pid!, 'SIGKILL');
    },
    stop: async () => {
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
        // stopped cleanly
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The code /api/health answers, or 0 while nothing answers. */
async function healthCode(url: string): Promise<number> {
  try {
    const body = (await (await fetch(`${url}/api/health`)).json()) as { code?: number };
    return body.code ?? 0;
  } catch {
    return 0;
  }
}

/** Seconds since BTC/USDT's latest recorded price; Infinity while there is none. */
async function priceAge(url: string): Promise<number> {
  try {
    const body = (await (await fetch(`${url}/api/index/getprodata?symbol=BTC/USDT`)).json()) as {
      code: number;
      data?: { time: number | null };
    };
    return body.code === 200 && body.data?.time ? Date.now() / 1000 - body.data.time : Infinity;
  } catch {
    return Infinity;
  }
}
