/*
 * The app's service worker, served at /h5/sw.js with scope /h5/. It precaches nothing: it keeps what the app
 * has already fetched, by the rule of cachingRuleFor (sw-routes.js): immutable files cache-first, the entry
 * points network-first with the cached copy only offline, /api/ and the stream never. The build puts
 * sw-routes.js in front of this file.
 */
/* global cachingRuleFor */
var IMMUTABLE_CACHE = 'h5-immutable-v1';
var ENTRY_CACHE = 'h5-entry-v1';
/** Old versions of remotes pile up in the immutable cache; past this many files the oldest go. */
var IMMUTABLE_LIMIT = 400;

self.addEventListener('install', function () {
  // Nothing to precache; the new worker takes over at the next load of a page.
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(
    caches.keys().then(function (names) {
      return Promise.all(
        names
          .filter(function (name) {
            return name !== IMMUTABLE_CACHE && name !== ENTRY_CACHE;
          })
          .map(function (name) {
            return caches.delete(name);
          }),
      );
    }),
  );
});

/** Only complete, same-origin, successful answers are kept. */
function cacheable(response) {
  return (
    response &&
    response.status === 200 &&
    response.type === 'basic' &&
    !/no-store/.test(response.headers.get('cache-control') || '')
  );
}

function trim(cache) {
  return cache.keys().then(function (keys) {
    var extra = keys.length - IMMUTABLE_LIMIT;
    return Promise.all(
      keys.slice(0, Math.max(0, extra)).map(function (key) {
        return cache.delete(key);
      }),
    );
  });
}

function cacheFirst(event) {
  var request = event.request;
  return caches.open(IMMUTABLE_CACHE).then(function (cache) {
    return cache.match(request).then(function (hit) {
      if (hit) return hit;
      return fetch(request).then(function (response) {
        if (cacheable(response)) {
          event.waitUntil(
            cache.put(request, response.clone()).then(function () {
              return trim(cache);
            }),
          );
        }
        return response;
      });
    });
  });
}

/** Every navigation is the shell's page (hash router), kept under one key. */
function entryKey(request) {
  var url = new URL(request.url);
  return url.pathname === '/h5/remotes.json' ? '/h5/remotes.json' : '/h5/';
}

function networkFirst(event) {
  var request = event.request;
  var key = entryKey(request);
  return fetch(request).then(
    function (response) {
      if (cacheable(response)) {
        var copy = response.clone();
        event.waitUntil(
          caches.open(ENTRY_CACHE).then(function (cache) {
            return cache.put(key, copy);
          }),
        );
      }
      return response;
    },
    function (error) {
      // Offline (the fetch itself failed): the last copy, if there is one.
      return caches.match(key, { cacheName: ENTRY_CACHE }).then(function (hit) {
        if (hit) return hit;
        throw error;
      });
    },
  );
}

self.addEventListener('fetch', function (event) {
  var rule = cachingRuleFor(event.request, self.location.origin);
  if (rule === 'cache-first') event.respondWith(cacheFirst(event));
  else if (rule === 'network-first') event.respondWith(networkFirst(event));
  // 'network': not answered here at all, so the browser handles it as if there were no worker.
});

// A tap on a notification the app showed through this worker (a fired price alert) opens or focuses the app.
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var target = (event.notification.data && event.notification.data.url) || '/h5/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if ('focus' in windows[i]) return windows[i].focus();
      }
      return self.clients.openWindow(target);
    }),
  );
});
