import path from 'node:path';

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** Files whose URL never changes while their content does: always revalidated. */
const MUTABLE_NAMES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'mf-manifest-stats.json']);

/** A content hash in the file name (name.0123abcd.js): the content behind that URL never changes. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * The caching rule of the web: entry points (index.html, remotes.json, every mf-manifest.json) are revalidated
 * on each load so a deploy shows up at the next reload; hashed files, and everything inside a remote's
 * versioned folder (published once, never rewritten), are cached for a year.
 */
export function cacheControlFor(filePath: string, inVersionedFolder: boolean): string {
  // A precompressed copy (main.0123abcd.js.br) is cached like the file it stands for.
  const name = path.basename(filePath).replace(/\.(br|gz)$/, '');
  if (MUTABLE_NAMES.has(name)) return REVALIDATE;
  if (inVersionedFolder || HASHED.test(name)) return IMMUTABLE;
  return REVALIDATE;
}
