import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder (apps/server): the nearest package.json above this module, which is the same
 * folder whether the module runs from source (src/platform/config/) under tsx or bundled into dist/ by scripts/build.mjs.
 */
export const serverRoot = nearestPackage(path.dirname(fileURLToPath(import.meta.url)));

/** The workspace root: default DATA_DIR and WEB_DIR live under it. */
export const repoRoot = path.resolve(serverRoot, '../..');

function nearestPackage(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}
