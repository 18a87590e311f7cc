/**
 * pnpm bench:reads
 * Read throughput and latency through the real server (autocannon, 50 connections), side by side in one run
 * with a bare Fastify hello world on the same machine: health, ajaxpro (latest prices), ajaxdata (the quotes
 * list every user polls) and getkdata (200 one-minute candles). Each figure is also given as a fraction of the
 * hello world's requests per second. The server runs at its default log level (info), as in production.
 */
import autocannon from 'autocannon';
import { runTs, waitFor } from '../test/crash/processes.ts';
import { freePort } from '../src/platform/db/embedded.ts';
import { startBenchServer } from './bench-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

async function measure(url: string) {
  // A short warm-up lets the JIT and the connection pools settle before the counted run.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { 'accept-encoding': 'gzip, deflate, br' } });
  // As a phone asks: with compression accepted (a bench without it would skip the server's compression).
  const headers = { 'accept-encoding': 'gzip, deflate, br' };
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const helloPort = await freePort();
const hello = runTs('bench/hello-world.ts', { PORT: String(helloPort) });
await waitFor(() => hello.lines.some((l) => l.includes('listening')), 'the hello world');
const server = await startBenchServer({ LOG_LEVEL: 'info' });
console.log(`bench:reads  connections=${CONNECTIONS} duration=${SECONDS}s`);
try {
  const targets: [string, string][] = [
    ['hello world (bare Fastify)', `http://127.0.0.1:${helloPort}/`],
    ['GET /api/health', `${server.base}/api/health`],
    ['GET /api/index/ajaxpro', `${server.base}/api/index/ajaxpro`],
    ['GET /api/index/ajaxdata', `${server.base}/api/index/ajaxdata`],
    ['GET /api/index/getkdata (200 x 1m)', `${server.base}/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200`],
  ];
  let base = 0;
  console.log('| endpoint | req/s | x hello world | p50 ms | p99 ms |');
  console.log('|---|---|---|---|---|');
  for (const [name, url] of targets) {
    const r = await measure(url);
    if (!base) base = r.rps;
    console.log(`| ${name} | ${Math.round(r.rps)} | ${(r.rps / base).toFixed(3)} | ${r.p50} | ${r.p99} |`);
  }
} finally {
  hello.child.kill('SIGTERM');
  await hello.exited;
  await server.stop();
}
