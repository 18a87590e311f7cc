import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(e2eDir, '..');
/** The e2e run's own copy of the built web, so deploy/rollback specs never touch dist/web. */
export const webDir = process.env.E2E_WEB_DIR || path.join(e2eDir, '.tmp/web');
export const webCli = path.join(repoRoot, 'tools/web/src/cli.mjs');
