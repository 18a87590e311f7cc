import { describe, expect, it } from 'vitest';
import { cachingRuleFor } from '../sw/sw-routes.js';

const ORIGIN = 'https://h5.example.com';
const get = (path: string, mode = 'cors') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode });

describe("the service worker's caching rule", () => {
  it('never caches API answers, whatever the method or path below /api/', () => {
    for (const path of ['/api/user/info', '/api/index/ajaxdata?class=forex', '/api/stream', '/api/index/image?id=a1']) {
      expect(cachingRuleFor(get(path), ORIGIN)).toBe('network');
    }
    expect(cachingRuleFor({ method: 'POST', url: `${ORIGIN}/api/trade/order` }, ORIGIN)).toBe('network');
  });

  it('serves the immutable files of a remote version cache-first', () => {
    expect(cachingRuleFor(get('/h5/remotes/trade/20261124-0712-ab12/remoteEntry.js'), ORIGIN)).toBe('cache-first');
    expect(cachingRuleFor(get('/h5/remotes/account/v2/__federation_expose_routes.0a1b2c3d.js'), ORIGIN)).toBe(
      'cache-first',
    );
    expect(cachingRuleFor(get('/h5/remotes/account/v2/823.0a1b2c3d.css'), ORIGIN)).toBe('cache-first');
  });

  it("leaves a version's descriptive files to the network", () => {
    expect(cachingRuleFor(get('/h5/remotes/trade/v2/mf-manifest.json'), ORIGIN)).toBe('network');
    expect(cachingRuleFor(get('/h5/remotes/trade/v2/boot-assets.json'), ORIGIN)).toBe('network');
  });

  it("serves the shell's hashed files cache-first", () => {
    expect(cachingRuleFor(get('/h5/main.0123abcd.js'), ORIGIN)).toBe('cache-first');
    expect(cachingRuleFor(get('/h5/2385.3e962264.css'), ORIGIN)).toBe('cache-first');
  });

  it('asks the network first for index.html and remotes.json, so a deploy or rollback shows on reload', () => {
    expect(cachingRuleFor(get('/h5/'), ORIGIN)).toBe('network-first');
    expect(cachingRuleFor(get('/h5/index.html'), ORIGIN)).toBe('network-first');
    expect(cachingRuleFor(get('/h5/remotes.json'), ORIGIN)).toBe('network-first');
    expect(cachingRuleFor(get('/h5/?lang=de', 'navigate'), ORIGIN)).toBe('network-first');
  });

  it('does not touch the worker, the manifest, unhashed files, other origins or other methods', () => {
    for (const path of ['/h5/sw.js', '/h5/manifest.webmanifest', '/h5/icon-192.png', '/h5/main.js', '/favicon.ico']) {
      expect(cachingRuleFor(get(path), ORIGIN), path).toBe('network');
    }
    expect(cachingRuleFor(get('/h5/main.0123abcd.js?v=1'), ORIGIN)).toBe('network');
    expect(cachingRuleFor({ method: 'GET', url: 'https://cdn.example.com/h5/main.0123abcd.js' }, ORIGIN)).toBe(
      'network',
    );
    expect(cachingRuleFor({ method: 'HEAD', url: `${ORIGIN}/h5/main.0123abcd.js` }, ORIGIN)).toBe('network');
    expect(cachingRuleFor({ method: 'GET', url: 'not a url' }, ORIGIN)).toBe('network');
  });

  it('leaves pages outside its scope alone, even navigations', () => {
    expect(cachingRuleFor(get('/admin/', 'navigate'), ORIGIN)).toBe('network');
    expect(cachingRuleFor(get('/h5evil/main.0123abcd.js'), ORIGIN)).toBe('network');
  });
});
