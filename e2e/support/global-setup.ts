import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.ts';
import { exitOf } from './process-exit.ts';
import { e2eDir, repoRoot, webCli, webDir } from './paths.ts';
import { registerByApi } from './session.ts';

const ADMIN_TOKEN = `e2e-admin-${Date.now()}-0123456789abcdef`;

function waitForListening(child: ChildProcess, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`server did not start in 180 s; log in ${logFile}`)), 180_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      writeFileSync(logFile, log);
      if (/listening/i.test(log)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}; log in ${logFile}`));
    });
  });
}

async function waitForHealth(url: string) {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`${url}/api/health`);
      const body = (await response.json()) as { code?: number };
      if (body.code === 200) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server never answered /api/health');
}

/**
 * Builds the web if needed (into the run's own WEB_DIR), starts the real server on a fresh data dir with its
 * own ports and admin token, waits until it is healthy, registers a user for the specs that need a session,
 * and returns the teardown that stops it.
 */
export default async function globalSetup() {
  mkdirSync(path.join(e2eDir, '.tmp'), { recursive: true });
  if (!process.env.E2E_KEEP_WEB && existsSync(webDir)) rmSync(webDir, { recursive: true, force: true });
  const built = spawnSync(process.execPath, [webCli, 'ensure'], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIR: webDir },
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('building the web failed');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const [port, adminPort] = [await freePort(), await freePort()];
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    // A fresh embedded database, whatever DATABASE_URL the surrounding shell (or CI) sets.
    DATABASE_URL: '',
    PORT: String(port),
    ADMIN_PORT: String(adminPort),
    ADMIN_TOKEN,
    WEB_DIR: webDir,
    LOG_LEVEL: 'info',
    // No market data is needed by these screens; skip the price history backfill of a fresh data dir.
    JOBS: '0',
    BACKFILL_DAYS: '1',
    // Every user of the suite registers from this one machine's address.
    SMS_DAILY_PER_ADDRESS: '100000',
  };
  const server = spawn('pnpm', ['--silent', '--filter', '@app/server', 'start'], {
    cwd: repoRoot,
    env,
    detached: true,
  });
  await waitForListening(server, path.join(e2eDir, '.tmp/server.log'));
  const apiUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(apiUrl);

  // The server serves the built web itself under /h5/ (with its boot data).
  const baseUrl = apiUrl;

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_API_URL = apiUrl;
  process.env.E2E_ADMIN_URL = `http://127.0.0.1:${adminPort}`;
  process.env.E2E_ADMIN_TOKEN = ADMIN_TOKEN;
  process.env.E2E_WEB_DIR = webDir;
  const user = await registerByApi(`e2e${Date.now().toString(36)}`);
  process.env.E2E_TOKEN = user.token;

  return async () => {
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
  };
}
