import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { waitFor } from '../crash/processes.ts';

/** Debian's nginx, when installed (CI installs it; the cluster suite is skipped with a notice without it). */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find(
  (file) => spawnSync(file, ['-v'], { stdio: 'ignore' }).status === 0,
);

/**
 * A real load balancer in front of the nodes, on its own loopback port and prefix: round robin, WebSocket
 * upgrades passed through, a node that refuses connections taken out for a few seconds and the request passed
 * to the next (nginx never re-sends a POST a node has already received: clients retry those with their
 * idempotency key).
 */
export async function startNginx(dir: string, port: number, upstreams: number[]) {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    await fs.mkdir(path.join(dir, temp), { recursive: true });
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
  client_max_body_size 8m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream nodes {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://nodes;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
  const file = path.join(dir, 'nginx.conf');
  await fs.writeFile(file, conf);
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
