/*
 * The page's first script, inline in index.html, run before any bundle is parsed. It puts the user's theme on <html> so
 * the static frame paints in it and marks the frame's tab. Right after that frame's first paint it adds the shell's
 * start-up scripts (the server lists them in the boot data) and asks, a few at a time, for the files the opened route
 * will need beyond them: the route's remote entry, exposed module, page chunk and the texts of the user's language,
 * which the federation runtime would otherwise discover one round trip at a time. The boot data comes from the server
 * (remotes live now, with the pages each declares); __BOOT_ROUTES__ is the shell's own table (Home, its widgets,
 * the tabs and Home's head) and __INTL_WARMUP__ the hashed name of intl-warmup.js,
 * written in at build time. Plain ES2017: it is not bundled.
 */
(function (routes) {
  'use strict';
  var doc = document;
  var root = doc.documentElement;
  var store = {};
  try {
    store.lang = localStorage.getItem('lang');
    store.prefs = JSON.parse(localStorage.getItem('ui-preferences') || '{}') || {};
  } catch (e) {
    store.prefs = {};
  }
  var lang = routes.languages.indexOf(store.lang) >= 0 ? store.lang : 'en';
  if (store.prefs.theme === 'light' || store.prefs.theme === 'dark') root.setAttribute('data-theme', store.prefs.theme);
  root.setAttribute('data-updown', store.prefs.upDown === 'red-up' ? 'red-up' : 'green-up');

  var path = location.hash.replace(/^#/, '').split('?')[0].replace(/\/+$/, '') || '/';
  var lower = path.toLowerCase();
  var owns = function (paths) {
    for (var i = 0; i < paths.length; i++) if (paths[i].toLowerCase() === lower) return true;
    return false;
  };

  // The frame's tab bar shows only on the four tab pages, in the user's language, with the current tab marked.
  var tabs = doc.querySelectorAll('[data-boot-tab]');
  var onTab = false;
  for (var t = 0; t < tabs.length; t++) {
    var key = tabs[t].getAttribute('data-boot-tab');
    var current = owns(routes.tabs[key]);
    onTab = onTab || current;
    if (current) tabs[t].setAttribute('aria-current', 'page');
    tabs[t].lastChild.textContent = (routes.labels[lang] || routes.labels.en)[key];
  }
  if (onTab) root.setAttribute('data-boot-tabs', '');

  var data;
  try {
    data = JSON.parse(doc.getElementById('boot-data').textContent);
  } catch (e) {
    data = null; // no boot data (a development server): the shell fetches remotes.json itself
  }

  // The remote that declares the opened page (each lists its pages in the boot data, path -> page chunk).
  var owner = null;
  var ownerName = null;
  var chunk = '';
  if (data && data.remotes) {
    for (var name in data.remotes) {
      var declared = data.remotes[name].routes || {};
      for (var route in declared) {
        if (route.toLowerCase() !== lower) continue;
        owner = data.remotes[name];
        ownerName = name;
        chunk = declared[route];
      }
    }
  }

  // The opened page's head in the user's language (Home's hero; the heads remotes declare for their pages: Log
  // in's title, the trade screens' notice that prices are simulated when the server says they are, the Project
  // list's risk line), where the frame knows it: the first thing a person reads is there before any bundle has
  // run. `contentful`: the frame shows words (that head or the tab bar's labels), not only placeholders.
  var contentful = onTab;
  var head = routes.heads[lower];
  if (!head && owner && owner.heads) {
    for (var headPath in owner.heads) if (headPath.toLowerCase() === lower) head = owner.heads[headPath];
  }
  if (head) {
    var texts = head.texts[lang] || head.texts.en;
    // The head's box (a notice only while prices are simulated, say) and its nav bar are separate: the bar, its
    // title and its back button are the page's own and show whatever the box does.
    var box = !head.simulatedOnly || (data && data.simulated) ? doc.querySelector('.bf-' + head.kind) : null;
    if (box) {
      var slots = box.querySelectorAll('[data-t]');
      for (var k = 0; k < slots.length; k++) slots[k].textContent = texts[slots[k].getAttribute('data-t')];
      root.setAttribute('data-boot-head', head.kind);
      contentful = true;
    }
    if (head.nav) root.setAttribute('data-boot-nav', head.nav);
    // The title may be the page's query parameter (the product page is titled by its ?symbol=).
    var query = location.hash.split('?')[1];
    var title =
      (head.titleParam && query && new URLSearchParams(query).get(head.titleParam)) ||
      (head.kind === 'hero' && data && data.brand) ||
      texts[2];
    if (title) {
      doc.querySelector('.bf-title').textContent = title;
      contentful = true;
    }
    if (head.back) {
      var back = doc.querySelector('.bf-back');
      back.setAttribute('aria-label', routes.back[lang] || routes.back.en);
      back.hidden = false;
      back.onclick = function () {
        if (history.length > 1) history.back();
        else location.replace('#/');
      };
    }
  }

  // The browser's offer to install the app may come before any page that shows an install button has
  // loaded (the account remote's download page reads it from here).
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.__APP_INSTALL_PROMPT__ = event;
  });

  if (!data) return;
  window.__APP_BOOT__ = data;

  var asked = {};
  // Work for after the first paint, done in slices of a few milliseconds: asking for a file costs the main thread
  // about a millisecond on a phone, and a route asks for a dozen or more, which in one task would hold up a tap.
  // A slice's last request may run past its budget, and 5 ms of a desktop's time is a long task (50 ms) on a
  // phone ten times slower: 3 ms keeps each slice under that.
  var queue = [];
  var drain = function () {
    var until = performance.now() + 3;
    while (queue.length && performance.now() < until) queue.shift()();
    if (queue.length) setTimeout(drain, 0);
  };
  // The shell's own files: <link rel=preload>, matched by the scripts that follow. A remote's files: fetched
  // into the HTTP cache instead (they are immutable), because a preload that fails stays failed for the page:
  // a remote that was unreachable could then never be retried without a reload.
  var preload = function (url, remoteFile) {
    if (asked[url]) return;
    asked[url] = true;
    queue.push(function () {
      if (remoteFile && window.fetch) {
        var fetched = fetch(url, { priority: 'high', credentials: 'same-origin' }).then(function (response) {
          return response.ok && response.arrayBuffer();
        });
        fetched.catch(function () {});
        return;
      }
      var link = doc.createElement('link');
      link.rel = 'preload';
      link.as = /\.css$/.test(url) ? 'style' : 'script';
      link.href = url;
      doc.head.appendChild(link);
    });
  };
  var each = function (files, base, remoteFile) {
    for (var i = 0; files && i < files.length; i++) preload(base + files[i], remoteFile);
  };
  var remote = function (name, module, page) {
    var r = data.remotes[name];
    if (!r) return;
    preload(r.entry, true);
    each(r.exposes[module], r.base, true);
    if (page) each(r.pages[page], r.base, true);
    each(r.languages[lang], r.base, true);
  };

  var preloadRoute = function () {
    // The shell's start-up files are in the page's head itself (the server writes them there); its
    // texts depend on the language stored on this device, which the server does not know.
    each(data.shell.languages[lang], data.shell.base);
    if (owns(routes.home.paths)) {
      // Widgets below the fold load when they come near the screen, not with the page.
      for (var w = 0; w < routes.home.widgets.length; w++)
        if (routes.home.widgets[w][2] !== 'below-fold') remote(routes.home.widgets[w][0], routes.home.widgets[w][1]);
    } else if (owner) {
      // The page's chunk, as the remote declares it. A variant of a page chosen by a query parameter (?symbol= on
      // the trade page) may have its own chunk, named after the page's and the parameter:
      // page-pages-trade-trade--symbol.
      remote(ownerName, 'routes', chunk);
      var param = /[?&]([a-z]+)=/i.exec(location.hash);
      if (param && chunk) each(owner.pages[chunk + '--' + param[1]], owner.base, true);
    }
  };
  // The language's ICU data, loaded off the main thread (see intl-warmup.js) while the bundles download.
  queue.push(function () {
    try {
      new Worker(data.shell.base + __INTL_WARMUP__).postMessage(routes.bcp47[lang]);
    } catch (e) {
      // no workers: the page makes its formats when it needs them
    }
  });
  // The shell's start-up scripts, in order (async false keeps it), the entry last. The server leaves them out of
  // the page and lists them here, so neither their downloads nor their running compete with the frame's paint.
  var runShell = function () {
    var scripts = data.shell.scripts || [];
    for (var i = 0; i < scripts.length; i++) {
      queue.push(
        (function (src) {
          return function () {
            var script = doc.createElement('script');
            script.src = src;
            script.async = false;
            doc.head.appendChild(script);
          };
        })(scripts[i]),
      );
    }
  };
  // Right after the frame's first paint: it never waits behind these, and the route's files still start
  // downloading long before the bundles would ask for them. A frame that shows words (the page's head, the tab
  // bar) waits until it is on screen: the browser's first contentful paint entry, reported when the frame is
  // presented. The animation frame callback comes before the paint, and work queued from it could still run
  // before the frame reached the screen. A frame of placeholders only is not what the page is judged by, and no
  // browser reports a contentful paint for it: it starts after its first animation frame. A page in the
  // background paints nothing (and reports no paint later): it starts at once, or when it is hidden. None waits
  // past three seconds.
  var started = false;
  var start = function () {
    if (started) return;
    started = true;
    // The shell's scripts first: nothing of the route's runs before them.
    runShell();
    preloadRoute();
    drain();
  };
  var paintEntries =
    window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0;
  if (doc.visibilityState === 'hidden') start();
  else if (contentful && paintEntries) {
    doc.addEventListener('visibilitychange', function () {
      if (doc.visibilityState === 'hidden') start();
    });
    new PerformanceObserver(function (list, observer) {
      var entries = list.getEntries();
      for (var p = 0; p < entries.length; p++) {
        if (entries[p].name !== 'first-contentful-paint') continue;
        observer.disconnect();
        setTimeout(start, 0);
      }
    }).observe({ type: 'paint', buffered: true });
    setTimeout(start, 3000);
  } else if (window.requestAnimationFrame)
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
  else start();
})(__BOOT_ROUTES__);
