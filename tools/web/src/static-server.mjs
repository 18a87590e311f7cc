import { createReadStream, existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';

/**
 * A small static host for the built web with the same URLs and cache rule as the server's web module
 * (apps/server/src/modules/web). Used by bench:web (no database needed) and, optionally, to front an API
 * server that does not serve /h5/ itself: requests under /api/ are passed to `apiTarget`.
 */
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};
const MUTABLE = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'mf-manifest-stats.json']);
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

function cacheControl(file, versioned) {
  const name = path.basename(file);
  if (MUTABLE.has(name)) return 'no-cache';
  return versioned || HASHED.test(name) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function sendFile(res, file, versioned) {
  if (!existsSync(file) || !statSync(file).isFile()) {
    res
      .writeHead(404, { 'content-type': 'application/json' })
      .end('{"code":404,"msg":"Not found","key":"not_found","data":null}');
    return;
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    'cache-control': cacheControl(file, versioned),
  });
  createReadStream(file).pipe(res);
}

function proxy(req, res, target) {
  const url = new URL(req.url, target);
  const upstream = http.request(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => res.writeHead(502).end());
  req.pipe(upstream);
}

export function startStaticServer({ webDir, port = 0, host = '127.0.0.1', apiTarget }) {
  const shell = path.join(webDir, 'shell');
  const remotes = path.join(webDir, 'remotes');
  const server = http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://local');
    const safe = path.posix.normalize(decodeURIComponent(pathname));
    if (safe.startsWith('/api/')) {
      if (apiTarget) return proxy(req, res, apiTarget);
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end('{"code":503,"msg":"","key":"network_error","data":null}');
      return;
    }
    if (safe === '/' || safe === '/h5') return res.writeHead(301, { location: '/h5/' }).end();
    if (safe === '/h5/remotes.json') {
      const body = await readFile(path.join(webDir, 'remotes.json'), 'utf8').catch(() => '{}');
      res.writeHead(200, { 'content-type': TYPES['.json'], 'cache-control': 'no-cache' }).end(body);
      return;
    }
    if (safe.startsWith('/h5/remotes/'))
      return sendFile(res, path.join(remotes, safe.slice('/h5/remotes/'.length)), true);
    if (safe.startsWith('/h5/')) {
      const rest = safe.slice('/h5/'.length) || 'index.html';
      return sendFile(res, path.join(shell, rest), false);
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => {
    server.listen(port, host, () => {
      const address = server.address();
      resolve({ url: `http://${host}:${address.port}`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

// `node static-server.mjs <webDir> <port> [apiTarget]` for a quick look at a build.
if (import.meta.url === `file://${process.argv[1]}`) {
  const [webDir, port, apiTarget] = process.argv.slice(2);
  const { url } = await startStaticServer({
    webDir: path.resolve(webDir ?? 'dist/web'),
    port: Number(port ?? 8090),
    apiTarget,
  });
  console.log(`serving ${webDir} at ${url}/h5/`);
}
