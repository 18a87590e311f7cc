import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { buildApp } from './build-app.mjs';
import { precompressDir } from './precompress.mjs';
import { writeAtomic } from './fs-atomic.mjs';
import { webDir } from './web-paths.mjs';

const shellDir = () => path.join(webDir(), 'shell');
/** A content hash in the name (main.0123abcd.js, or its .br/.gz copy): that URL's content never changes. */
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+(\.(br|gz))?$/i;

/**
 * Replaces only the shell. New hashed files are added beside the old ones (a phone that loaded the previous
 * index.html can still fetch what it references), fixed-name files are replaced, then index.html is swapped
 * atomically. Remotes and
 * remotes.json are not touched.
 */
export async function deployShell() {
  const staging = path.join(webDir(), `.shell-staging-${process.pid}-${Date.now()}`);
  await mkdir(shellDir(), { recursive: true });
  try {
    await buildApp('shell', staging);
    await precompressDir(staging);
    let added = 0;
    for (const name of await readdir(staging)) {
      // index.html is switched last; its assets list goes with it (both describe the same build).
      if (name === 'index.html' || name === 'boot-assets.json' || name.startsWith('index.html.')) continue;
      const target = path.join(shellDir(), name);
      if (HASHED.test(name)) {
        if (existsSync(target)) continue;
        await copyFile(path.join(staging, name), target);
        added++;
        continue;
      }
      // Files with a fixed name (the service worker, the web app manifest, the icons) are replaced in place.
      await writeAtomic(target, await readFile(path.join(staging, name)));
    }
    await writeAtomic(
      path.join(shellDir(), 'boot-assets.json'),
      await readFile(path.join(staging, 'boot-assets.json')),
    );
    await writeAtomic(path.join(shellDir(), 'index.html'), await readFile(path.join(staging, 'index.html')));
    console.log(`shell: published (${added} new files)`);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

export function shellIsLive() {
  return existsSync(path.join(shellDir(), 'index.html'));
}
