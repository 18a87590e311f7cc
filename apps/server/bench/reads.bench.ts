/**
 * pnpm bench:reads
 * Read throughput and latency through the real server (autocannon, 50 connections), side by side in one run
 * with a bare Fastify hello world on the same machine: health, ajaxpro (latest prices), ajaxdata (the quotes
 * list every user polls) and getkdata (200 one-minute candles). Each figure is also given as a fraction of the
 * hello world's requests per second, and as the server process's CPU time per request (user + system, all its
 * threads), which other work on the machine disturbs less than a rate does. The server runs twice: at its default
 * log level (info, one access line per request, as in production) and at warn (no access line). Its lines go to a
 * file, as a service's go to its journal, and each run starts once the fresh server's candle backfill is over.
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { runTs, waitFor } from '../test/crash/processes.ts';
import { freePort } from '../src/platform/db/embedded.ts';
import { startBenchServer } from './bench-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
// As a phone asks: with compression accepted (a bench without it would skip the server's compression).
const headers = { 'accept-encoding': 'gzip, deflate, br' };

/** A process's CPU time so far in microseconds (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * Waits until the server is quiet (under 15 % of a core over a second, two minutes at most): a fresh server
 * backfills its candles for a while, and a read measured during it is charged the backfill's CPU.
 */
async function settled(pid: number) {
  const end = Date.now() + 120_000;
  while (Date.now() < end) {
    const before = cpuMicros(pid);
    await new Promise((r) => setTimeout(r, 1_000));
    if (cpuMicros(pid) - before < 150_000) return;
  }
}

async function measure(url: string, pid: number) {
  // A short warm-up lets the JIT and the connection pools settle before the counted run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const cpuBefore = cpuMicros(pid);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = (cpuMicros(pid) - cpuBefore) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu };
}

const helloPort = await freePort();
const hello = runTs('bench/hello-world.ts', { PORT: String(helloPort) });
await waitFor(() => hello.lines.some((l) => l.includes('listening')), 'the hello world');
console.log(`bench:reads  connections=${CONNECTIONS} duration=${SECONDS}s`);
console.log('| endpoint | log | req/s | x hello world | p50 ms | p99 ms | CPU µs/req |');
console.log('|---|---|---|---|---|---|---|');
try {
  const base = await measure(`http://127.0.0.1:${helloPort}/`, hello.child.pid!);
  const row = (name: string, log: string, r: Awaited<ReturnType<typeof measure>>) =>
    console.log(
      `| ${name} | ${log} | ${Math.round(r.rps)} | ${(r.rps / base.rps).toFixed(3)} | ${r.p50} | ${r.p99} | ${r.cpu.toFixed(1)} |`,
    );
  row('hello world (bare Fastify)', '-', base);
  for (const level of ['info', 'warn']) {
    const server = await startBenchServer({ LOG_LEVEL: level });
    await settled(server.pid);
    const log = level === 'info' ? 'access line' : 'none';
    try {
      const targets: [string, string][] = [
        ['GET /api/health', `${server.base}/api/health`],
        ['GET /api/index/ajaxpro', `${server.base}/api/index/ajaxpro`],
        ['GET /api/index/ajaxdata', `${server.base}/api/index/ajaxdata`],
        [
          'GET /api/index/getkdata (200 x 1m)',
          `${server.base}/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200`,
        ],
      ];
      for (const [name, url] of targets) row(name, log, await measure(url, server.pid));
    } finally {
      await server.stop();
    }
  }
} finally {
  hello.child.kill('SIGTERM');
  await hello.exited;
}
