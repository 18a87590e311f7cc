/**
 * pnpm bench:reads
 * Read throughput and latency through the real server (autocannon, 50 connections), side by side with a bare
 * Fastify hello world on the same machine: health, ajaxpro (latest prices), ajaxdata (the quotes list every user
 * polls) and getkdata (200 one-minute candles). The server runs as production runs it (the built dist/server.js),
 * twice: at its default log level (info, one access line per request, as in production) and at warn (no access
 * line). Its lines go to a file, as a service's go to its journal, and the runs start once the fresh servers'
 * candle backfill is over.
 *
 * A machine's speed drifts over a run (a shared host's other tenants): this one's hello world has gone from 38 to
 * 68 µs of CPU a request within a minute. So every target is measured in turn, round after round, and each
 * endpoint's "x hello world" is the median over the rounds of its rate against the hello world's in the same
 * round; the other figures are medians too. CPU µs/req is the server process's CPU time per request (user +
 * system, all its threads), which other work on the machine disturbs less than a rate does; client CPU µs/req is
 * autocannon's (this process's), which tells when the client, not the server, set a rate.
 *   BENCH_ROUNDS (5), BENCH_SECONDS (4 per target and round), BENCH_CONNECTIONS (50)
 */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { runTs, waitFor } from '../test/crash/processes.ts';
import { freePort } from '../src/platform/db/embedded.ts';
import { startBenchServer } from './bench-server.ts';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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

/**
 * `cpu`: the server's CPU a request; `client`: this process's (autocannon runs in it), so that a figure set by the
 * client rather than the server shows: a client near a whole core (1,000,000 µs a second) is the bottleneck.
 */
type Run = { rps: number; p50: number; p99: number; cpu: number; client: number };

async function measure(url: string, pid: number): Promise<Run> {
  const cpuBefore = cpuMicros(pid);
  const clientBefore = process.cpuUsage();
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  const cpu = (cpuMicros(pid) - cpuBefore) / result.requests.total;
  const { user, system } = process.cpuUsage(clientBefore);
  const client = (user + system) / result.requests.total;
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, cpu, client };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const helloPort = await freePort();
const hello = runTs('bench/hello-world.ts', { PORT: String(helloPort) });
await waitFor(() => hello.lines.some((l) => l.includes('listening')), 'the hello world');
const servers = [
  { log: 'access line', server: await startBenchServer({ LOG_LEVEL: 'info' }) },
  { log: 'none', server: await startBenchServer({ LOG_LEVEL: 'warn' }) },
];
try {
  for (const { server } of servers) await settled(server.pid);
  const paths: [string, string][] = [
    ['GET /api/health', '/api/health'],
    ['GET /api/index/ajaxpro', '/api/index/ajaxpro'],
    ['GET /api/index/ajaxdata', '/api/index/ajaxdata'],
    ['GET /api/index/getkdata (200 x 1m)', '/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200'],
  ];
  const targets = [
    { name: 'hello world (bare Fastify)', log: '-', url: `http://127.0.0.1:${helloPort}/`, pid: hello.child.pid! },
    ...servers.flatMap(({ log, server }) =>
      paths.map(([name, path]) => ({ name, log, url: `${server.base}${path}`, pid: server.pid })),
    ),
  ];
  // A short warm-up lets the JIT and the connection pools settle before the counted rounds.
  for (const target of targets) await autocannon({ url: target.url, connections: CONNECTIONS, duration: 2, headers });
  const runs = targets.map(() => [] as Run[]);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, target] of targets.entries()) runs[i]!.push(await measure(target.url, target.pid));

  console.log(`bench:reads  connections=${CONNECTIONS} rounds=${ROUNDS} x ${SECONDS}s per target`);
  console.log('| endpoint | log | req/s | x hello world | p50 ms | p99 ms | CPU µs/req | client CPU µs/req |');
  console.log('|---|---|---|---|---|---|---|---|');
  const helloRuns = runs[0]!;
  for (const [i, target] of targets.entries()) {
    const own = runs[i]!;
    const ratio = median(own.map((run, round) => run.rps / helloRuns[round]!.rps));
    const figure = (pick: (run: Run) => number) => median(own.map(pick));
    console.log(
      `| ${target.name} | ${target.log} | ${Math.round(figure((r) => r.rps))} | ${ratio.toFixed(3)} | ` +
        `${figure((r) => r.p50)} | ${figure((r) => r.p99)} | ${figure((r) => r.cpu).toFixed(1)} | ` +
        `${figure((r) => r.client).toFixed(1)} |`,
    );
  }
} finally {
  for (const { server } of servers) await server.stop();
  hello.child.kill('SIGTERM');
  await hello.exited;
}
