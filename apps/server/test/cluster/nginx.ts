import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { serverRoot, waitFor } from '../crash/processes.ts';

/** Debian's nginx, when installed (CI installs it; the cluster suite is skipped with a notice without it). */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (file) => spawnSync(file, ['-v'], { stdio: 'ignore' }).status === 0,
);

/** deploy/nginx: the production nginx config, which the balancer below runs. */
export const deployNginxDir = path.resolve(serverRoot, '../../deploy/nginx');

/**
 * A real load balancer in front of the nodes, on its own loopback port and prefix, running the deploy kit's own
 * configuration: deploy/nginx/app/proxy.conf and app/locations.conf (with the files they include) are included verbatim (WebSocket upgrades,
 * forwarded headers, a node that refuses connections taken out for a few seconds and the request passed to the
 * next; nginx never re-sends a POST a node has already received: clients retry those with their idempotency
 * key). Only the TLS server of deploy/nginx/app.conf is swapped for a plain listener, and the example nodes of
 * app/nodes.conf for these ones, with that file's own parameters.
 */
export async function startNginx(dir: string, port: number, upstreams: number[]) {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await fs.mkdir(path.join(dir, temp), { recursive: true });
  await fs.mkdir(path.join(dir, 'app'), { recursive: true });
  for (const file of await fs.readdir(path.join(deployNginxDir, 'app')))
    if (file !== 'nodes.conf') await fs.copyFile(path.join(deployNginxDir, 'app', file), path.join(dir, 'app', file));
  await fs.writeFile(path.join(dir, 'app', 'nodes.conf'), await renderNodes(upstreams));
  // Relative includes resolve against this file's folder, as /etc/nginx's do in production.
  const conf = `
${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  # The test's clients stand for phones of their own addresses: a trusted hop in front of nginx (as a CDN would
  # be, see proxy.conf) hands each one's address in X-Forwarded-For.
  set_real_ip_from 127.0.0.1;
  real_ip_header X-Forwarded-For;
  include app/proxy.conf;
  server {
    listen 127.0.0.1:${port};
    include app/locations.conf;
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await fs.writeFile(file, conf);
  const check = spawnSync(nginxBinary!, ['-t', '-q', '-c', file, '-p', dir], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}`);
  const child = spawn(nginxBinary!, ['-c', file, '-p', dir], { stdio: 'ignore' });
  await waitFor(
    async () =>
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      ),
    'nginx',
    30_000,
  );
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

/** app/nodes.conf for these ports: each node on loopback with the parameters the deploy file gives its nodes. */
async function renderNodes(ports: number[]): Promise<string> {
  const example = await fs.readFile(path.join(deployNginxDir, 'app', 'nodes.conf'), 'utf8');
  // The first server line's parameters, after its address and up to its semicolon (on that line only).
  const parameters = /^server[ \t]+[^\s;]+([^;\n]*);/m.exec(example)?.[1];
  if (parameters === undefined) throw new Error('deploy/nginx/app/nodes.conf lists no server');
  const nodes = ports.map((p) => `server 127.0.0.1:${p}${parameters.trimEnd()};\n`).join('');
  // The balancer of a test reaches nothing but this machine's nodes.
  const addresses = [...nodes.matchAll(/server\s+([^\s;]+)/g)].map((m) => m[1]!);
  if (addresses.length !== ports.length || addresses.some((a) => !a.startsWith('127.0.0.1:'))) {
    throw new Error(`the test balancer's nodes must be exactly the loopback ones given: ${addresses.join(', ')}`);
  }
  return nodes;
}
