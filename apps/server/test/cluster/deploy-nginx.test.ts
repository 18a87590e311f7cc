import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testPort } from '../helpers/test-port.ts';
import { waitFor } from '../crash/processes.ts';
import { deployNginxDir, nginxBinary } from './nginx.ts';

/**
 * The part of deploy/nginx the cluster suite cannot run (it swaps the TLS server for a plain listener): the
 * site file as an operator installs it, placeholders filled, must pass `nginx -t`, and, run on loopback ports in
 * front of a stand-in node, answer over TLS with one HSTS header, no version in Server, the node's own security
 * headers passed on, the API reference and readiness refused to addresses outside the internal ranges, and an
 * access line with the client's address and user agent.
 */
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deploy-nginx-'));
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

/** The site as an operator installs it, placeholders filled, with app/ beside it, in `into`; returns the site text. */
async function installSite(into: string): Promise<string> {
  const [cert, key] = [path.join(into, 'cert.pem'), path.join(into, 'key.pem')];
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=app.example.com'].concat([
      '-keyout',
      key,
      '-out',
      cert,
    ]),
    { stdio: 'ignore' },
  );
  await fs.cp(path.join(deployNginxDir, 'app'), path.join(into, 'app'), { recursive: true });
  const site = (await fs.readFile(path.join(deployNginxDir, 'app.conf'), 'utf8'))
    .replaceAll('@SERVER_NAME@', 'app.example.com')
    .replaceAll('@TLS_CERTIFICATE@', cert)
    .replaceAll('@TLS_CERTIFICATE_KEY@', key)
    // nginx -t opens the log files: keep them out of the machine's /var/log.
    .replaceAll('/var/log/nginx/', `${into}/`);
  await fs.writeFile(path.join(into, 'app.conf'), site);
  return site;
}

describe.runIf(nginxBinary)('deploy/nginx/app.conf', () => {
  it('passes nginx -t with its placeholders filled', async () => {
    const site = await installSite(dir);
    const directives = site.split('\n').filter((line) => !line.trim().startsWith('#'));
    expect(directives.join('\n')).not.toMatch(/@[A-Z_]+@/);
    const conf = path.join(dir, 'nginx.conf');
    await fs.writeFile(
      conf,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include app.conf;\n}\n`,
    );
    const check = spawnSync(nginxBinary!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });

  it('answers over TLS with one HSTS header, no version, and the node headers passed on', async () => {
    // A stand-in node: the headers the server sends on every answer (edge-headers.test.ts), and no HSTS.
    const node = http.createServer((_request, response) => {
      response.setHeader('permissions-policy', 'camera=()');
      response.setHeader('content-security-policy', "default-src 'self'; connect-src 'self'");
      response.setHeader('content-type', 'application/json');
      response.end('{"code":200}');
    });
    await new Promise<void>((resolve) => node.listen(0, '127.0.0.1', resolve));
    const nodePort = (node.address() as { port: number }).port;
    const [plainPort, tlsPort] = [await testPort(), await testPort()];
    const live = path.join(dir, 'live');
    await fs.mkdir(live);
    const site = (await installSite(live))
      .replace(/^\s*listen \[::\]:\d+.*$/gm, '')
      .replace(/listen 80;/, `listen 127.0.0.1:${plainPort};`)
      .replace(/listen 443 ssl http2;/, `listen 127.0.0.1:${tlsPort} ssl;`);
    await fs.writeFile(path.join(live, 'app.conf'), site);
    await fs.writeFile(path.join(live, 'app', 'nodes.conf'), `server 127.0.0.1:${nodePort};\n`);
    const temps = ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];
    for (const temp of temps) await fs.mkdir(path.join(live, temp));
    const conf = path.join(live, 'nginx.conf');
    await fs.writeFile(
      conf,
      [
        process.getuid?.() === 0 ? 'user root;' : '',
        `daemon off;\npid ${live}/nginx.pid;\nerror_log ${live}/error.log;\nevents {}\nhttp {`,
        ...temps.map((temp) => `  ${temp === 'body' ? 'client_body' : temp}_temp_path ${live}/${temp};`),
        '  include app.conf;\n}\n',
      ].join('\n'),
    );
    const nginx = spawn(nginxBinary!, ['-c', conf, '-p', live], { stdio: ['ignore', 'ignore', 'pipe'] });
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    let errors = '';
    nginx.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const get = (urlPath: string, from = '127.0.0.1') =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        const request = https.get(
          {
            host: '127.0.0.1',
            localAddress: from,
            port: tlsPort,
            path: urlPath,
            servername: 'app.example.com',
            headers: { host: 'app.example.com', 'user-agent': 'edge-test/1.0 (phone)' },
            rejectUnauthorized: false,
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response));
          },
        );
        request.on('error', reject);
      });
    try {
      await waitFor(
        () =>
          get('/api/health/live').then(
            () => true,
            () => false,
          ),
        'nginx over TLS',
        30_000,
        [errors],
      );
      for (const urlPath of ['/api/health/live', '/h5/']) {
        const response = await get(urlPath);
        expect(response.statusCode, urlPath).toBe(200);
        const named = (name: string) =>
          response.rawHeaders.filter((_, i) => i % 2 === 0 && i >= 0).filter((h) => h.toLowerCase() === name);
        expect(named('strict-transport-security'), urlPath).toHaveLength(1);
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(response.headers.server, urlPath).toBe('nginx');
        expect(response.headers['permissions-policy'], urlPath).toBe('camera=()');
        expect(response.headers['content-security-policy'], urlPath).toContain("connect-src 'self'");
      }
      // The API reference and the readiness probe answer only the internal addresses (loopback here); 127.0.0.2 is
      // in no range of internal-only.conf and stands for the internet. Refused or not, HSTS is still there.
      for (const urlPath of ['/api/docs', '/api/docs/json', '/api/health/ready']) {
        expect((await get(urlPath)).statusCode, urlPath).toBe(200);
        const outside = await get(urlPath, '127.0.0.2');
        expect(outside.statusCode, urlPath).toBe(403);
        expect(outside.headers['strict-transport-security'], urlPath).toBe('max-age=31536000');
      }
      expect((await get('/api/health/live', '127.0.0.2')).statusCode).toBe(200);
      expect((await get('/api/docsearch', '127.0.0.2')).statusCode).toBe(200);

      // nginx's own answers (plain http redirected) carry no version either.
      const redirect = await new Promise<http.IncomingMessage>((resolve, reject) =>
        http
          .get({ host: '127.0.0.1', port: plainPort, path: '/h5/', headers: { host: 'app.example.com' } }, resolve)
          .on('error', reject),
      );
      expect(redirect.statusCode).toBe(301);
      expect(redirect.headers.server).toBe('nginx');
      await waitFor(
        async () => (await fs.readFile(path.join(live, 'app.access.log'), 'utf8').catch(() => '')).includes('/h5/'),
        'the access log',
        10_000,
      );
      const log = await fs.readFile(path.join(live, 'app.access.log'), 'utf8');
      const line = log.split('\n').find((l) => l.includes('GET /h5/'))!;
      expect(line).toMatch(/^127\.0\.0\.1 /);
      expect(line).toContain('"edge-test/1.0 (phone)"');
    } finally {
      nginx.kill('SIGTERM');
      await exited;
      await new Promise((r) => node.close(r));
    }
  });
});
