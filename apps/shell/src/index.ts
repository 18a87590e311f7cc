import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteManifest } from './remotes/remote-manifest.ts';

/**
 * Before the app mounts: learn which version of each remote is live (the page's boot data, or remotes.json,
 * never cached) and register them with the federation runtime, while the app's own chunks download. The app
 * sits behind import() so the shared modules are negotiated before any of them runs.
 */
async function start() {
  const [manifest, { mount }] = await Promise.all([remoteManifest(), import('./bootstrap.tsx')]);
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  await mount(manifest);
}

void start();
