/** Where the production build serves its worker (tools/web/src/pwa-assets-plugin.mjs) and what it controls. */
export const SERVICE_WORKER_URL = '/h5/sw.js';
export const SERVICE_WORKER_SCOPE = '/h5/';

/**
 * Registers the service worker once the page has loaded and the browser is idle: it is never on the path to
 * the first paint, and its own download competes with nothing the page needs. Only where the production
 * build serves it (under /h5/; a development server has none).
 */
export function registerServiceWorkerAfterLoad(win: Window = window): void {
  const navigatorWithWorker = win.navigator;
  if (!('serviceWorker' in navigatorWithWorker)) return;
  if (!win.location.pathname.startsWith(SERVICE_WORKER_SCOPE)) return;
  const register = () => {
    navigatorWithWorker.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }).catch(() => {
      // No worker (a private window, storage refused): the app works the same without one.
    });
  };
  const whenIdle = () => {
    // Safari has no requestIdleCallback.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(register, { timeout: 5000 });
    else setTimeout(register, 1000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}
