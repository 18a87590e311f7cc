import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { childrenOf, isAlive, postmasterPid, runBuilt, serverBuilt, waitFor } from './processes.ts';
import { testPort } from '../helpers/test-port.ts';

const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-procs-'));
afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

/** A GET's status on a connection used for nothing else. */
const statusOnFreshSocket = (url: string) =>
  new Promise<number>((resolve, reject) =>
    http
      .get(url, { agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode!);
      })
      .on('error', reject),
  );

const workerLines = (lines: string[]) => lines.filter((l) => l.includes('"listening;'));

/** The first tick of BTC/USDT a new stream client receives. */
function firstTick(base: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/api/stream`);
    socket.on('open', () => socket.send(JSON.stringify({ op: 'sub', symbols: ['BTC/USDT'] })));
    socket.on('message', (raw) => {
      socket.close();
      resolve(String(raw));
    });
    socket.on('error', reject);
  });
}

describe.runIf(embedded)('PROCESSES=2: one node on two processes', () => {
  it('serves from both workers, starts a killed worker again, and stops everything on SIGTERM', async () => {
    const port = await testPort();
    await serverBuilt();
    const server = runBuilt({
      DATA_DIR: dataDir,
      PORT: String(port),
      ADMIN_PORT: String(await testPort()),
      NODE_ENV: 'production',
      PROCESSES: '2',
      BACKFILL_DAYS: '1',
      BACKFILL_TICK_SECONDS: '3600',
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor(() => workerLines(server.lines).length >= 2, 'two workers to listen', 180_000, server.lines);
    // The primary prepared the database once: one seed, one first-invitation line.
    expect(server.lines.filter((l) => l.includes('first invitation code: WELCOME'))).toHaveLength(1);
    const workers = workerLines(server.lines).map((l) => JSON.parse(l) as { pid: number; worker: number });
    expect(new Set(workers.map((w) => w.worker))).toEqual(new Set([1, 2]));
    // Only the first worker runs the jobs: one price feed.
    expect(server.lines.filter((l) => l.includes('price feed:')).every((l) => JSON.parse(l).worker === 1)).toBe(true);

    // Requests are spread over both workers (node:cluster hands connections round-robin).
    const answeredBy = new Set<number>();
    // Each request on a socket of its own (no keep-alive pool), so each is a new connection to hand out.
    for (let i = 0; i < 20; i++) expect(await statusOnFreshSocket(`${base}/api/health`)).toBe(200);
    await waitFor(
      async () => {
        for (const l of server.lines.filter((line) => line.includes('"access"'))) answeredBy.add(JSON.parse(l).pid);
        return answeredBy.size === 2;
      },
      'access lines from both workers',
      10_000,
      server.lines,
    );
    // Live quotes reach a client whichever worker holds its socket.
    for (let i = 0; i < 4; i++) expect(JSON.parse(await firstTick(base))).toMatchObject({ type: 'tick' });

    // A worker that dies is started again, and the node keeps answering meanwhile.
    const victim = workers[1]!.pid;
    process.kill(victim, 'SIGKILL');
    await waitFor(() => workerLines(server.lines).length >= 3, 'the worker to be started again', 120_000, server.lines);
    expect(server.lines.some((l) => l.includes('worker exited; starting it again'))).toBe(true);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const all = [server.child.pid!, ...(await childrenOf(server.child.pid!))];
    const postmaster = (await postmasterPid(dataDir))!;
    expect(all).toContain(postmaster);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of all) expect(isAlive(pid), `process ${pid}`).toBe(false);
  }, 300_000);
});
