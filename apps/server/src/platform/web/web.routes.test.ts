import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoutes } from './web.routes.ts';
import { IMMUTABLE, REVALIDATE } from './web-cache.ts';

const BOOT_SCRIPT = 'window.booted = true;';
const BIG_JS = 'console.log("a fairly long line of script that compresses well");\n'.repeat(200);

let dir: string;
let app: FastifyInstance;

/** A built shell as the server reads it: its index.html (with the entry script and boot marker) and assets file. */
async function writeShell(webDir: string, assets: Record<string, unknown>) {
  await mkdir(path.join(webDir, 'shell'), { recursive: true });
  await writeFile(
    path.join(webDir, 'shell/index.html'),
    `<!doctype html><head><title>shell</title><script defer src="/h5/main.0123abcd.js"></script></head><script id="boot-data" type="application/json">null</script><script>${BOOT_SCRIPT}</script>`,
  );
  await writeFile(path.join(webDir, 'shell/boot-assets.json'), JSON.stringify(assets));
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'web-routes-'));
  await writeShell(dir, { startup: ['a.0123abcd.js', 'a.0123abcd.css'], languages: { en: ['en.0123abcd.js'] } });
  await mkdir(path.join(dir, 'remotes/account/v1'), { recursive: true });
  await writeFile(path.join(dir, 'shell/big.0123abcd.js'), BIG_JS);
  await writeFile(path.join(dir, 'shell/big.0123abcd.js.br'), brotliCompressSync(BIG_JS));
  await writeFile(path.join(dir, 'shell/big.0123abcd.js.gz'), gzipSync(BIG_JS));
  await writeFile(path.join(dir, 'shell/plain.0123abcd.css'), BIG_JS.replace(/console/g, 'body'));
  await writeFile(path.join(dir, 'shell/main.0123abcd.js'), 'console.log(1)');
  await writeFile(path.join(dir, 'shell/manifest.webmanifest'), JSON.stringify({ name: 'app', start_url: '/h5/' }));
  await writeFile(path.join(dir, 'shell/sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dir, 'shell/icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(dir, 'remotes/account/v1/remoteEntry.js'), 'var account;');
  await writeFile(
    path.join(dir, 'remotes/account/v1/mf-manifest.json'),
    JSON.stringify({
      exposes: [
        { path: './routes', assets: { js: { sync: ['expose.0123abcd.js'] }, css: { sync: ['expose.0123abcd.css'] } } },
      ],
    }),
  );
  await writeFile(
    path.join(dir, 'remotes/account/v1/boot-assets.json'),
    JSON.stringify({
      pages: { 'page-pages-login-login': ['login.0123abcd.js'] },
      languages: { de: ['de.0123abcd.js'] },
      routes: [{ path: '/pages/login/login', chunk: 'page-pages-login-login' }, { path: '/open-location' }],
      heads: { '/pages/login/login': { kind: 'auth', texts: { en: ['Log in', 'Welcome back'] } } },
    }),
  );
  await writeFile(
    path.join(dir, 'remotes.json'),
    JSON.stringify({ account: '/h5/remotes/account/v1/mf-manifest.json' }),
  );
  app = Fastify();
  // The public app's compression plugin, as app.ts registers it.
  await app.register((await import('@fastify/compress')).default, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(webRoutes, { webDir: dir });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('web routes', () => {
  it('redirects /h5 to /h5/', async () => {
    const res = await app.inject('/h5');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/h5/');
  });

  it('serves the shell index with no-cache', async () => {
    const res = await app.inject('/h5/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe(REVALIDATE);
  });

  it("carries the operators' brand name of the moment", async () => {
    let brand: string | null = 'Acme Trade';
    const server = Fastify();
    await server.register(webRoutes, { webDir: dir, brand: async () => brand });
    const bootOf = async () =>
      JSON.parse(
        /<script id="boot-data" type="application\/json">(.*?)<\/script>/.exec((await server.inject('/h5/')).body)![1]!,
      );
    expect((await bootOf()).brand).toBe('Acme Trade');
    brand = null;
    expect((await bootOf()).brand).toBeNull();
    await server.close();
  });

  it('puts the boot data of the moment into the index: live remotes, their entries, pages and texts', async () => {
    const res = await app.inject('/h5/');
    const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(json!)).toEqual({
      simulated: true,
      brand: null,
      shell: { base: '/h5/', languages: { en: ['en.0123abcd.js'] }, scripts: [] },
      remotes: {
        account: {
          entry: '/h5/remotes/account/v1/remoteEntry.js',
          base: '/h5/remotes/account/v1/',
          exposes: { routes: ['expose.0123abcd.css', 'expose.0123abcd.js'] },
          pages: { 'page-pages-login-login': ['login.0123abcd.js'] },
          languages: { de: ['de.0123abcd.js'] },
          routes: { '/pages/login/login': 'page-pages-login-login', '/open-location': '' },
          heads: { '/pages/login/login': { kind: 'auth', texts: { en: ['Log in', 'Welcome back'] } } },
        },
      },
    });
  });

  it('gives a remote version built before remotes declared their pages the pages it had then', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'web-routes-legacy-'));
    await writeShell(own, {});
    await mkdir(path.join(own, 'remotes/wallet/v0'), { recursive: true });
    await writeFile(path.join(own, 'remotes/wallet/v0/boot-assets.json'), JSON.stringify({ pages: {} }));
    await writeFile(path.join(own, 'remotes.json'), JSON.stringify({ wallet: '/h5/remotes/wallet/v0/remoteEntry.js' }));
    const server = Fastify();
    await server.register(webRoutes, { webDir: own });
    try {
      const res = await server.inject('/h5/');
      const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      const wallet = JSON.parse(json!).remotes.wallet;
      expect(wallet.routes['/pages/user/rechargeList']).toBe('page-pages-user-rechargeList');
      expect(Object.keys(wallet.routes)).toHaveLength(11);
      expect(wallet.heads).toEqual({});
    } finally {
      await server.close();
      await rm(own, { recursive: true, force: true });
    }
  });

  it("writes an older shell's start-up files into the page's head, its scripts deferred ahead of the entry script", async () => {
    const res = await app.inject('/h5/');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    // In document order, so each chunk is registered before the entry's chunk loader looks for it.
    expect(head).toContain(
      '<script defer src="/h5/a.0123abcd.js" fetchpriority="low"></script><script defer src="/h5/main.0123abcd.js"></script>',
    );
    expect(head).toContain('<link rel="preload" href="/h5/a.0123abcd.css" as="style" fetchpriority="low">');
  });

  it('leaves the start-up scripts out of the page of a shell that runs them after its first paint, listed in order', async () => {
    const own = await mkdtemp(path.join(tmpdir(), 'web-routes-after-paint-'));
    await writeShell(own, { startup: ['a.0123abcd.js', 'b.0123abcd.js', 'a.0123abcd.css'], runAfterPaint: true });
    const server = Fastify();
    await server.register(webRoutes, { webDir: own });
    try {
      const res = await server.inject('/h5/');
      const head = res.body.slice(0, res.body.indexOf('</head>'));
      // Nothing of the shell's is asked for or run before the frame is on screen but its style sheets.
      expect(res.body).not.toMatch(/<script[^>]*\ssrc=/);
      expect(res.body).not.toContain('as="script"');
      expect(head).toContain('<link rel="preload" href="/h5/a.0123abcd.css" as="style" fetchpriority="low">');
      const json = /<script id="boot-data" type="application\/json">(.*?)<\/script>/.exec(res.body)?.[1];
      // The entry last: the chunks register their modules before its loader looks for them.
      expect(JSON.parse(json!).shell.scripts).toEqual([
        '/h5/a.0123abcd.js',
        '/h5/b.0123abcd.js',
        '/h5/main.0123abcd.js',
      ]);
    } finally {
      await server.close();
      await rm(own, { recursive: true, force: true });
    }
  });

  it('allows exactly its inline boot script through the Content-Security-Policy', async () => {
    const csp = "default-src 'self';script-src 'self';object-src 'none'";
    const hashed = Fastify();
    hashed.addHook('onRequest', async (_request, reply) => void reply.header('content-security-policy', csp));
    await hashed.register(webRoutes, { webDir: dir });
    const res = await hashed.inject('/h5/');
    const hash = createHash('sha256').update(BOOT_SCRIPT).digest('base64');
    expect(res.headers['content-security-policy']).toBe(
      `default-src 'self';script-src 'self' 'sha256-${hash}';object-src 'none'`,
    );
    await hashed.close();
  });

  it('sends the brotli or gzip copy made at build time, with Vary: Accept-Encoding', async () => {
    const br = await app.inject({ url: '/h5/big.0123abcd.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);
    const gz = await app.inject({ url: '/h5/big.0123abcd.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: '/h5/big.0123abcd.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_JS);
  });

  it('compresses on the fly what has no precompressed copy', async () => {
    const res = await app.inject({ url: '/h5/plain.0123abcd.css', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('body.log');
  });

  it('caches hashed shell files for a year', async () => {
    const res = await app.inject('/h5/main.0123abcd.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('serves files of a remote version immutable, its manifest no-cache', async () => {
    const entry = await app.inject('/h5/remotes/account/v1/remoteEntry.js');
    expect(entry.statusCode).toBe(200);
    expect(entry.headers['cache-control']).toBe(IMMUTABLE);
    const manifest = await app.inject('/h5/remotes/account/v1/mf-manifest.json');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe(REVALIDATE);
  });

  it('reads remotes.json from disk on every request', async () => {
    const first = await app.inject('/h5/remotes.json');
    expect(first.headers['cache-control']).toBe(REVALIDATE);
    expect(first.json()).toEqual({ account: '/h5/remotes/account/v1/mf-manifest.json' });
    await writeFile(
      path.join(dir, 'remotes.json'),
      JSON.stringify({ account: '/h5/remotes/account/v2/mf-manifest.json' }),
    );
    const second = await app.inject('/h5/remotes.json');
    expect(second.json()).toEqual({ account: '/h5/remotes/account/v2/mf-manifest.json' });
  });

  it('serves a version published after start', async () => {
    await mkdir(path.join(dir, 'remotes/account/v2'), { recursive: true });
    await writeFile(path.join(dir, 'remotes/account/v2/remoteEntry.js'), 'var account2;');
    const res = await app.inject('/h5/remotes/account/v2/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('var account2;');
  });

  it('serves the web app manifest, icons and service worker with their types, revalidated on every load', async () => {
    const manifest = await app.inject('/h5/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe(REVALIDATE);
    const worker = await app.inject('/h5/sw.js');
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    // A worker's script must never be served from the HTTP cache for a year, or no fix could reach a phone.
    expect(worker.headers['cache-control']).toBe(REVALIDATE);
    const icon = await app.inject('/h5/icon-192.png');
    expect(icon.headers['content-type']).toBe('image/png');
  });

  it('answers 404 for a missing file', async () => {
    const res = await app.inject('/h5/remotes/account/v9/remoteEntry.js');
    expect(res.statusCode).toBe(404);
  });
});
