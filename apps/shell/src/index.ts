import { registerRemotes } from '@module-federation/enhanced/runtime';
import { remoteManifest } from './remotes/remote-manifest.ts';
import { registerServiceWorkerAfterLoad } from './pwa/register-service-worker.ts';

/** Lets the browser paint and handle input between start-up steps (a long task is what makes a phone feel stuck). */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Before the app mounts: learn which version of each remote is live (the page's boot data, or remotes.json,
 * never cached) and register them with the federation runtime, while the app's own chunks download. Then, each
 * in its own task: the platform (i18next in the user's language, the store), the screens' code, the render.
 * The app sits behind import() so the shared modules are negotiated before any of them runs.
 */
async function start() {
  const [manifest, { startPlatform }] = await Promise.all([remoteManifest(), import('./boot/platform.ts')]);
  registerRemotes(Object.entries(manifest).map(([name, entry]) => ({ name, entry })));
  const platform = await startPlatform();
  await yieldToMain();
  // Its files are already downloading (the page's boot script preloads them); evaluating them waits until here.
  const { mount } = await import('./bootstrap.tsx');
  await yieldToMain();
  mount(platform);
  registerServiceWorkerAfterLoad();
}

void start();
