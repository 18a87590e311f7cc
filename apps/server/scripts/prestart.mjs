// What `pnpm start` does before it runs the server (`exec node dist/server.js`, so that the server itself gets
// the signals and its exit code is the command's): a port already in use is reported first, before anything is
// built or started; then, with --web (the root's `pnpm start`), the web and the operator console, and the
// server's dist/ are built if missing or out of date. `pnpm --filter @app/server start` (e2e, release smoke
// tests) serves WEB_DIR as it is.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unavailablePorts } from '../src/platform/config/listen-ports.mjs';
import { buildServer, staleReason } from './build.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const busy = await unavailablePorts();
if (busy.length > 0) {
  console.error(busy.join('\n'));
  process.exit(1);
}

if (process.argv.includes('--web')) {
  const web = spawnSync(process.execPath, [path.join(repoRoot, 'tools/web/src/cli.mjs'), 'ensure'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
  if (web.status !== 0) process.exit(web.status ?? 1);
  // The operator console (served on the admin port) is built once; `pnpm --filter @app/console build` rebuilds it.
  if (!existsSync(path.join(repoRoot, 'apps/console/dist/index.html'))) {
    console.log('console: building apps/console');
    const built = spawnSync('pnpm', ['--silent', '--filter', '@app/console', 'build'], {
      cwd: repoRoot,
      stdio: 'inherit',
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
}

const reason = await staleReason();
if (reason) {
  console.log(`server: building (${reason})`);
  const { ms, files, bytes } = await buildServer();
  console.log(`server: built dist/ in ${ms} ms (${files} files, ${(bytes / 1024).toFixed(0)} KiB)`);
}
