import { spawn } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, expect, it } from 'vitest';
import { testPort } from '../helpers/test-port.ts';

/**
 * scripts/wait-ready.mjs, the unit's ExecStartPost: a restart is over only once the node's own readiness answers
 * 200, and a node that never gets there fails its start instead of counting as up.
 */
const script = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../scripts/wait-ready.mjs');
const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

/** A stand-in node whose readiness answers `statusOf(n)` to its n-th probe (from 1). */
async function node(statusOf: (n: number) => number) {
  let probes = 0;
  const server = http.createServer((request, response) => {
    if (request.url !== '/api/health/ready') return response.writeHead(404).end();
    const status = statusOf(++probes);
    response.writeHead(status, { 'content-type': 'application/json' }).end(`{"code":${status}}`);
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as { port: number }).port, probes: () => probes };
}

function waitReady(env: Record<string, string | number>) {
  const child = spawn(process.execPath, [script], {
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', READY_POLL_MS: '50', ...env } as NodeJS.ProcessEnv,
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  return new Promise<{ code: number | null; out: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, out })),
  );
}

it('returns once the node answers ready, not before', async () => {
  const stand = await node((n) => (n <= 3 ? 503 : 200));
  const { code, out } = await waitReady({ PORT: stand.port, READY_TIMEOUT: 10 });
  expect(out).toContain('ready:');
  expect(code).toBe(0);
  expect(stand.probes()).toBe(4);
});

it('fails the start when the node stays unready past READY_TIMEOUT, naming its last answer', async () => {
  const stand = await node(() => 503);
  const { code, out } = await waitReady({ PORT: stand.port, READY_TIMEOUT: 1 });
  expect(code).toBe(1);
  expect(out).toMatch(/did not answer 200 within 1 s \(last: 503 \{"code":503\}\)/);
  expect(stand.probes()).toBeGreaterThan(3);
});

it('fails when nothing listens on the node port', async () => {
  const { code, out } = await waitReady({ PORT: await testPort(), READY_TIMEOUT: 1 });
  expect(code).toBe(1);
  expect(out).toContain('ECONNREFUSED');
});
