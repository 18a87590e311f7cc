import { registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteManifest } from './remotes/remote-manifest.ts';

/**
 * Before the app mounts: read which version of each remote is live (/h5/remotes.json, never cached) and
 * register them with the federation runtime. The manifest is fetched while the app's own chunks download
 * (both in flight at once), and registration happens before anything renders. The app sits behind
 * import() so the shared modules are negotiated before any of them runs.
 */
async function start() {
  const [manifest, { mount }] = await Promise.all([fetchRemoteManifest(), import('./bootstrap.tsx')]);
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  await mount(manifest);
}

void start();
