import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { e2eDir, webDir } from './paths.ts';
import { bootstrapTeam } from './operators.ts';
import { startServer } from './server.ts';
import { registerByApi } from './session.ts';
import { buildWebOnce } from './web-build.ts';

/**
 * Builds the web (into the run's own WEB_DIR) and the operator console unless built from this code already, starts
 * the shared server (jobs off: its screens need no market), makes its operators (their API tokens handed to the
 * specs in E2E_OPERATOR_TOKENS), registers a user for the specs that need a session, and returns the teardown that
 * stops it.
 */
export default async function globalSetup() {
  mkdirSync(path.join(e2eDir, '.tmp'), { recursive: true });
  buildWebOnce(webDir);

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
