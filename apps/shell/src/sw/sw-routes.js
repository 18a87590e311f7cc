/*
 * The service worker's one decision, kept pure so it is unit-tested: how a request is answered.
 * - 'cache-first': files whose URL never changes while their content does: everything inside a remote's
 *   versioned folder (/h5/remotes/<name>/<version>/..., published once, never rewritten) and the shell's
 *   content-hashed files (/h5/main.0123abcd.js). A hit is served from Cache Storage without the network.
 * - 'network-first': the entry points, index.html (/h5/) and remotes.json: always asked from the server so a
 *   deploy or a rollback of a remote is seen at the next reload; the cached copy answers only offline.
 * - 'network': anything else, untouched by the worker: every /api/ answer (never cached: balances, orders and
 *   prices must never be stale), the WebSocket (a service worker never sees one), other origins, non-GET
 *   requests, the remotes' manifests, the worker itself, the web app manifest and icons.
 * Plain ES2017 without imports: the build concatenates it into sw.js (see tools/web/src/pwa-assets-plugin.mjs).
 */

/** The scope of the app; everything the worker caches lives under it. */
export var SW_SCOPE = '/h5/';

/** A content hash in the file name (name.0123abcd.js), as the shell's build writes it. */
var HASHED_FILE = /^\/h5\/[^/]+\.[0-9a-f]{8,}\.(js|css|png|svg|jpe?g|webp|woff2?)$/;
/** A file inside one version folder of a remote: /h5/remotes/<name>/<version>/<file...>. */
var REMOTE_VERSION_FILE = /^\/h5\/remotes\/[a-z][a-z0-9-]*\/[^/]+\/.+/;
/** Files of a version folder that describe the build rather than run it; the app never needs them offline. */
var DESCRIPTIVE = /\/(mf-manifest[^/]*|boot-assets)\.json$/;

/**
 * @param {{ method: string, url: string, mode?: string }} request
 * @param {string} origin the worker's origin (self.location.origin)
 * @returns {'cache-first' | 'network-first' | 'network'}
 */
export function cachingRuleFor(request, origin) {
  if (request.method !== 'GET') return 'network';
  var url;
  try {
    url = new URL(request.url);
  } catch (e) {
    return 'network';
  }
  if (url.origin !== origin) return 'network';
  var path = url.pathname;
  if (path === '/api' || path.indexOf('/api/') === 0) return 'network';
  if (path.indexOf(SW_SCOPE) !== 0 && path + '/' !== SW_SCOPE) return 'network';
  if (path === '/h5/' || path === '/h5/index.html' || path === '/h5/remotes.json') return 'network-first';
  // A navigation inside the scope is the shell's page (a hash router: every screen is /h5/).
  if (request.mode === 'navigate') return 'network-first';
  // A query string makes a different resource: hashed files are never asked for with one.
  if (url.search) return 'network';
  if (REMOTE_VERSION_FILE.test(path)) return DESCRIPTIVE.test(path) ? 'network' : 'cache-first';
  if (HASHED_FILE.test(path)) return 'cache-first';
  return 'network';
}
