import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eDir, repoRoot, webCli, webDir } from './paths.ts';
import { startServer } from './server.ts';
import { registerByApi } from './session.ts';

/**
 * Builds the web if needed (into the run's own WEB_DIR), starts the shared server (jobs off: its screens need no
 * market), registers a user for the specs that need a session, and returns the teardown that stops it.
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

  const server = await startServer({ name: 'server', jobs: false });
  // The server serves the built web itself under /h5/ (with its boot data).
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_API_URL = server.url;
  process.env.E2E_ADMIN_URL = server.adminUrl;
  process.env.E2E_ADMIN_TOKEN = server.adminToken;
  process.env.E2E_WEB_DIR = webDir;
  const user = await registerByApi(`e2e${Date.now().toString(36)}`);
  process.env.E2E_TOKEN = user.token;

  return server.stop;
}
