import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { learnRemotePages } from './app/route-table.ts';
import { remoteManifest } from './remotes/remote-manifest.ts';
import { remotePages } from './remotes/remote-pages.ts';
import { registerServiceWorkerAfterLoad } from './pwa/register-service-worker.ts';
import { yieldBetweenRemoteSteps } from './remotes/yield-between-remote-steps.ts';
import { yieldToMain } from './boot/yield-to-main.ts';

/**
 * Before the app mounts: learn which version of each remote is live and which pages each declares (the page's
 * boot data, or the development server's remotes.json and remote-pages.json, never cached) and register them
 * with the federation runtime, while the app's own chunks download. Then, each
 * in its own task: the platform (i18next in the user's language, the store), the screens' code, the render.
 * The app sits behind import() so the shared modules are negotiated before any of them runs.
 */
async function start() {
  // Evaluating this bundle is one task; the federation runtime's share-scope set-up that the first import() starts
  // (its version checks, a script for each shared library) is another: on a slow phone together they were one
  // long task.
  await yieldToMain();
  const [manifest, pages, { startPlatform }] = await Promise.all([
    remoteManifest(),
    remotePages(),
    import('./boot/platform.ts'),
  ]);
  learnRemotePages(pages);
  registerPlugins([yieldBetweenRemoteSteps()]);
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
