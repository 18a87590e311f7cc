import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { deployNginxDir, nginxBinary } from './nginx.ts';

/**
 * The part of deploy/nginx the cluster suite cannot run (it swaps the TLS server for a plain listener): the
 * site file as an operator installs it, placeholders filled, must pass `nginx -t`.
 */
const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deploy-nginx-'));
afterAll(async () => fs.rm(dir, { recursive: true, force: true }));

describe.runIf(nginxBinary)('deploy/nginx/app.conf', () => {
  it('passes nginx -t with its placeholders filled', async () => {
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=app.example.com',
        '-keyout',
        key,
        '-out',
        cert,
      ],
      { stdio: 'ignore' },
    );
    await fs.cp(path.join(deployNginxDir, 'app'), path.join(dir, 'app'), { recursive: true });
    const site = (await fs.readFile(path.join(deployNginxDir, 'app.conf'), 'utf8'))
      .replaceAll('@SERVER_NAME@', 'app.example.com')
      .replaceAll('@TLS_CERTIFICATE@', cert)
      .replaceAll('@TLS_CERTIFICATE_KEY@', key)
      // nginx -t opens the log files: keep them out of the machine's /var/log.
      .replaceAll('/var/log/nginx/', `${dir}/`);
    const directives = site.split('\n').filter((line) => !line.trim().startsWith('#'));
    expect(directives.join('\n')).not.toMatch(/@[A-Z_]+@/);
    await fs.writeFile(path.join(dir, 'app.conf'), site);
    const conf = path.join(dir, 'nginx.conf');
    await fs.writeFile(
      conf,
      `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\n  include app.conf;\n}\n`,
    );
    const check = spawnSync(nginxBinary!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
    expect(check.stderr).toContain('test is successful');
    expect(check.status).toBe(0);
  });
});
