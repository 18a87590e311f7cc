import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The remotes, each released on its own. */
export const REMOTES = ['trade', 'invest', 'wallet', 'account'];

/** Where the built web lives: WEB_DIR, or <repo>/dist/web (the server reads the same variable). */
export function webDir() {
  return path.resolve(process.env.WEB_DIR || path.join(repoRoot, 'dist/web'));
}

/** The URL prefix the server serves remotes under. */
export const REMOTES_URL = '/h5/remotes';
