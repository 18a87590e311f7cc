import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { e2eDir, repoRoot, webCli, webDir } from './paths.ts';
import { bootstrapTeam } from './operators.ts';
import { startServer } from './server.ts';
import { registerByApi } from './session.ts';

/**
 * Builds the web if needed (into the run's own WEB_DIR) and the operator console, starts the shared
 * server (jobs off: its screens need no market), makes its operators (their API tokens handed to the specs in
 * E2E_OPERATOR_TOKENS), registers a user for the specs that need a session, and returns the teardown that stops it.
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
  // The operator console the server serves at /console/ (apps/console/dist), built afresh like the web: a dist
  // left by an earlier build would have the specs test old code. E2E_KEEP_WEB keeps it too.
  if (!process.env.E2E_KEEP_WEB || !existsSync(path.join(repoRoot, 'apps/console/dist/index.html'))) {
    const consoleBuild = spawnSync('pnpm', ['--silent', '--filter', '@app/console', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (consoleBuild.status !== 0) throw new Error('building the operator console failed');
  }

  const server = await startServer({ name: 'server', jobs: false });
  try {
    // The server serves the built web itself under /h5/ (with its boot data).
    process.env.E2E_BASE_URL = server.url;
    process.env.E2E_API_URL = server.url;
    process.env.E2E_ADMIN_URL = server.adminUrl;
    // The specs act as these operators; the shared ADMIN_TOKEN only made the first of them.
    process.env.E2E_OPERATOR_TOKENS = JSON.stringify(await bootstrapTeam(server));
    process.env.E2E_WEB_DIR = webDir;
    const user = await registerByApi(`e2e${Date.now().toString(36)}`);
    process.env.E2E_TOKEN = user.token;
  } catch (error) {
    await server.stop();
    throw error;
  }

  return server.stop;
}
