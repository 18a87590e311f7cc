import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { testPort } from '../helpers/test-port.ts';
import { buildServerIfStale, isAlive, postmasterPid, runBuilt, runTs, serverRoot, waitFor } from './processes.ts';

/**
 * How production runs: the bundle of scripts/build.mjs under plain node, stopped the way a terminal or
 * `pnpm start` stops it, by a signal to its whole process group (the embedded PostgreSQL's too, were it there).
 */
const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-prod-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

function startBuilt(port: number, adminPort: number) {
  return runBuilt(
    {
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PORT: String(adminPort),
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      BACKFILL_DAYS: '1',
    },
    // A process group of its own, as a shell gives `pnpm start`: its id is the server's pid.
    { detached: true },
  );
}

/** A login whose body arrives in two halves: the request is in flight until `finish()` sends the rest. */
function slowLogin(port: number) {
  const body = 'account=demo&password=demo1234';
  let started: http.ClientRequest | undefined;
  const answer = new Promise<{ status: number; body: any }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/login/index',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
      },
    );
    request.on('error', reject);
    request.write(body.slice(0, 10));
    started = request;
  });
  return { answer, finish: () => started!.end(body.slice(10)) };
}

describe.runIf(embedded)('the built server', () => {
  beforeAll(async () => {
    await buildServerIfStale();
  }, 120_000);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`stops cleanly on ${signal} to its process group, finishing the request in flight`, async () => {
      const [port, adminPort] = [await testPort(), await testPort()];
      const server = startBuilt(port, adminPort);
      await waitFor(
        () => server.lines.some((l) => l.includes('"listening;')),
        'the server to listen',
        120_000,
        server.lines,
      );
      const pgPid = await postmasterPid(dataDir);
      expect(pgPid).not.toBeNull();

      const login = slowLogin(port);
      await new Promise((r) => setTimeout(r, 300));
      process.kill(-server.child.pid!, signal);
      await waitFor(
        () => server.lines.some((l) => l.includes('"shutting down"')),
        'the shutdown to begin',
        undefined,
        server.lines,
      );
      // The jobs stop meanwhile; the database must still be there for the request.
      await new Promise((r) => setTimeout(r, 500));
      login.finish();
      const answer = await login.answer;
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.token).toBeTruthy();

      expect(await server.exited).toBe(0);
      expect(server.lines.at(-1)).toContain('"stopped"');
      expect(isAlive(pgPid!)).toBe(false);
      const left = await fs.readdir(dataDir);
      expect(left).not.toContain('server.lock');
      expect(left).not.toContain('pg-port');
    }, 240_000);
  }

  it('refuses a port in use before building or starting the database, and leaves nothing running', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    const fresh = await fs.mkdtemp(path.join(os.tmpdir(), 'app-port-'));
    try {
      // `pnpm start`'s first step, before it builds the web and the server.
      const prestart = await promisify(execFile)(process.execPath, ['scripts/prestart.mjs', '--web'], {
        cwd: serverRoot,
        env: { ...process.env, PORT: String(taken), ADMIN_PORT: String(await testPort()) },
      }).then(
        () => null,
        (error: { code: number; stderr: string; stdout: string }) => error,
      );
      expect(prestart?.code).toBe(1);
      expect(prestart?.stderr).toContain(`PORT ${taken} on 127.0.0.1 is already in use`);
      expect(prestart?.stdout).not.toMatch(/web dir|server: build/);

      // The server itself, started some other way.
      const server = runTs('src/server.ts', {
        DATA_DIR: fresh,
        PORT: String(await testPort()),
        ADMIN_PORT: String(taken),
      });
      expect(await server.exited).toBe(1);
      expect(server.lines.join('\n')).toContain(`ADMIN_PORT ${taken} on 127.0.0.1 is already in use`);
      expect(await fs.readdir(fresh)).toEqual([]);
    } finally {
      blocker.close();
      await fs.rm(fresh, { recursive: true, force: true });
    }
  }, 120_000);
});
