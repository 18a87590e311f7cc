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

/** What a push shows when its payload cannot be read: something must show (userVisibleOnly), in the device's language. */
var FALLBACK_TITLES = {
  de: 'Neue Benachrichtigung',
  es: 'Nueva notificación',
  fr: 'Nouvelle notification',
  ja: '新しい通知',
  ko: '새 알림',
  th: 'การแจ้งเตือนใหม่',
  vi: 'Thông báo mới',
  'zh-hant': '新通知',
  zh: '新通知',
};

function fallbackTitle() {
  var lang = String((self.navigator && self.navigator.language) || 'en').toLowerCase();
  if (/^zh-(hk|tw|mo|hant)/.test(lang)) return FALLBACK_TITLES['zh-hant'];
  return FALLBACK_TITLES[lang.split('-')[0]] || 'New notification';
}

/** The server's payload (pushPayloadSchema of the contracts: kind, title, body, link, tag), or null. */
function readPayload(data) {
  if (!data) return null;
  var payload;
  try {
    payload = data.json();
  } catch (error) {
    return null;
  }
  if (!payload || typeof payload !== 'object' || typeof payload.title !== 'string' || !payload.title) return null;
  return payload;
}

/** The app's address of a hash route ("#/pages/user/rechargerecord"); only the app's own routes are opened. */
function appUrl(link) {
  return typeof link === 'string' && link.indexOf('#/') === 0 ? '/h5/' + link : '/h5/';
}

// A web push from the server: shown as a notification (one with the same tag replaces the earlier one).
self.addEventListener('push', function (event) {
  var payload = readPayload(event.data);
  var title = payload ? payload.title : fallbackTitle();
  var options = {
    body: payload && typeof payload.body === 'string' ? payload.body : '',
    icon: '/h5/icon-192.png',
    badge: '/h5/icon-192.png',
    data: { link: payload && typeof payload.link === 'string' ? payload.link : null },
  };
  if (payload && typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

/**
 * A tap on a notification: a push's (data.link, a hash route of the app) or one the app showed through this worker
 * (a fired price alert, data.url). Focuses an open window of the app and takes it to the page, or opens one.
 */
self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var data = event.notification.data || {};
  var link = typeof data.link === 'string' ? data.link : null;
  var target = link ? appUrl(link) : data.url || '/h5/';
  var scope = self.location.origin + '/h5/';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
      var client = null;
      for (var i = 0; i < windows.length && !client; i++) {
        if (windows[i].url.indexOf(scope) === 0 && 'focus' in windows[i]) client = windows[i];
      }
      for (var j = 0; j < windows.length && !client; j++) {
        if ('focus' in windows[j]) client = windows[j];
      }
      if (!client) return self.clients.openWindow(target);
      return client.focus().then(function (focused) {
        var open = focused || client;
        if (!link) return open;
        // navigate() works on a window this worker controls; any other is opened at the page instead.
        if (typeof open.navigate !== 'function') return self.clients.openWindow(target);
        return open.navigate(target).then(
          function (navigated) {
            return navigated || self.clients.openWindow(target);
          },
          function () {
            return self.clients.openWindow(target);
          },
        );
      });
    }),
  );
});
