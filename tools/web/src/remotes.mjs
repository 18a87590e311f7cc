import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildApp } from './build-app.mjs';
import { precompressDir } from './precompress.mjs';
import { readJson, writeJsonAtomic } from './fs-atomic.mjs';
import { budgets } from './budgets.mjs';
import { REMOTES, REMOTES_URL, webDir } from './web-paths.mjs';

const remotesJson = () => path.join(webDir(), 'remotes.json');
const releasesFile = (name) => path.join(webDir(), 'releases', `${name}.json`);
const versionDir = (name, version) => path.join(webDir(), 'remotes', name, version);
const entryUrl = (name, version) => `${REMOTES_URL}/${name}/${version}/remoteEntry.js`;

function assertRemote(name) {
  if (!REMOTES.includes(name)) throw new Error(`unknown remote "${name}" (one of ${REMOTES.join(', ')})`);
}

function timestamp(date = new Date()) {
  const p = (n) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}${p(date.getUTCMonth() + 1)}${p(date.getUTCDate())}-${p(date.getUTCHours())}${p(date.getUTCMinutes())}${p(date.getUTCSeconds())}`;
}

/** Points one remote's entry of remotes.json at a version; the other entries are left as they are. */
async function switchTo(name, version) {
  const current = await readJson(remotesJson(), {});
  await writeJsonAtomic(remotesJson(), { ...current, [name]: entryUrl(name, version) });
}

/** The release history of a remote: every published version in order, and which one is live. */
export async function releases(name) {
  return readJson(releasesFile(name), { versions: [], current: null });
}

/**
 * Builds one remote into a new immutable version folder, checks its entry's size budget, then switches its
 * entry in remotes.json. The shell and the other remotes are not touched; a running server serves the new
 * version, with the pages it declares, at the next page load.
 * @param {string} name
 * @param {{ appDir?: string }} [options] build this copy of the remote (another worktree's) instead of apps/<name>
 * @returns {Promise<string>} the published version
 */
export async function deployRemote(name, { appDir } = {}) {
  assertRemote(name);
  const staging = path.join(webDir(), 'remotes', name, `.staging-${process.pid}-${Date.now()}`);
  await mkdir(path.dirname(staging), { recursive: true });
  try {
    await buildApp(name, staging, { appDir });
    const entry = await readFile(path.join(staging, 'remoteEntry.js'));
    const manifest = await readFile(path.join(staging, 'mf-manifest.json'));
    const entryGzip = gzipSync(entry, { level: 9 }).length;
    if (entryGzip > budgets.remoteEntryGzip) {
      throw new Error(`${name}: remoteEntry.js is ${entryGzip} B gzip, over the ${budgets.remoteEntryGzip} B budget`);
    }
    await precompressDir(staging);
    const hash = createHash('sha256').update(entry).update(manifest).digest('hex').slice(0, 6);
    const version = `${timestamp()}-${hash}`;
    await rename(staging, versionDir(name, version));
    const history = await releases(name);
    history.versions.push(version);
    history.current = version;
    await mkdir(path.dirname(releasesFile(name)), { recursive: true });
    await writeJsonAtomic(releasesFile(name), history);
    await switchTo(name, version);
    console.log(`${name}: published ${version} (remoteEntry ${entryGzip} B gzip) -> ${entryUrl(name, version)}`);
    return version;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

/** Switches a remote back to the version published before the live one. */
export async function rollbackRemote(name) {
  assertRemote(name);
  const history = await releases(name);
  const index = history.versions.indexOf(history.current);
  const previous = index > 0 ? history.versions[index - 1] : undefined;
  if (!previous) throw new Error(`${name}: no earlier version to roll back to`);
  if (!existsSync(versionDir(name, previous))) throw new Error(`${name}: version folder ${previous} is missing`);
  history.current = previous;
  await writeJsonAtomic(releasesFile(name), history);
  await switchTo(name, previous);
  console.log(`${name}: rolled back to ${previous}`);
  return previous;
}

/** Whether a remote has a live version whose files are on disk. */
export async function remoteIsLive(name) {
  const map = await readJson(remotesJson(), {});
  const url = map[name];
  if (typeof url !== 'string' || !url.startsWith(`${REMOTES_URL}/`)) return false;
  return existsSync(path.join(webDir(), 'remotes', url.slice(REMOTES_URL.length + 1)));
}
