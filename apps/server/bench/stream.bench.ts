/**
 * pnpm bench:stream
 * CLIENTS WebSocket clients subscribe to BTC/USDT on the real server; for each tick, the delay from the start of
 * its second (when the feed records it) to its arrival at each client. The clients run in child processes of
 * their own (CLIENTS_PER_PROCESS each), so that reading 20,000 sockets in one event loop does not add its own
 * queue to the figure; all processes read the same machine clock.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { percentile, startBenchServer } from './bench-server.ts';
import { childrenOf } from '../test/crash/processes.ts';
import type { ClientsCommand, ClientsReport } from './stream-clients.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
const CLIENTS_PER_PROCESS = Number(process.env.BENCH_CLIENTS_PER_PROCESS ?? 5_000);
/** The server's PROCESSES: one node using both cores of this machine by default (see src/cluster-primary.ts). */
const SERVER_PROCESSES = Number(process.env.BENCH_PROCESSES ?? 2);
// Descriptors the server may open besides its clients while it runs (database connections, logs, timers).
const SERVER_FD_HEADROOM = 64;
const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

const children: ChildProcess[] = [];
let finished = false;
// LOG_LEVEL=info: the bench waits for every worker's "listening" line; nothing is logged per tick.
const server = await startBenchServer({ PROCESSES: String(SERVER_PROCESSES), LOG_LEVEL: 'info' });
const serving = SERVER_PROCESSES > 1 ? await childrenOf(server.pid) : [server.pid];
for (const pid of serving) await checkDescriptors(pid, Math.ceil(CLIENTS / serving.length));
const processes = Math.ceil(CLIENTS / CLIENTS_PER_PROCESS);
console.log(
  `bench:stream  clients=${CLIENTS} in ${processes} processes, duration=${SECONDS}s, ` +
    `server: one node of ${SERVER_PROCESSES} process${SERVER_PROCESSES > 1 ? 'es' : ''}`,
);

const reports: Promise<ClientsReport>[][] = [];
for (let i = 0; i < processes; i++) {
  const count = Math.min(CLIENTS_PER_PROCESS, CLIENTS - i * CLIENTS_PER_PROCESS);
  const child = fork(new URL('./stream-clients.ts', import.meta.url), [String(server.port), String(count)], {
    execArgv: ['--import', 'tsx'],
  });
  const next: Promise<ClientsReport>[] = [];
  const waiting: ((report: ClientsReport) => void)[] = [];
  for (let n = 0; n < 2; n++) next.push(new Promise((resolve) => waiting.push(resolve)));
  child.on('message', (report: ClientsReport) => waiting.shift()!(report));
  child.on('exit', (code, signal) => {
    if (!finished) void fail(`client process ${i} ended early (${signal ?? `exit code ${code}`})`);
  });
  children.push(child);
  reports.push(next);
}
const ready = await Promise.all(reports.map((r) => r[0]!));
const connected = ready.reduce((sum, r) => sum + (r.type === 'ready' ? r.connected : 0), 0);
console.log(`${connected} clients connected and subscribed`);
await new Promise((r) => setTimeout(r, 2_000));

const command = (c: ClientsCommand) => children.forEach((child) => child.send(c));
const serverCpuBefore = await cpuMs([server.pid, ...serving]);
command({ op: 'measure' });
await new Promise((r) => setTimeout(r, SECONDS * 1000));
command({ op: 'stop' });
const serverCpuAfter = await cpuMs([server.pid, ...serving]);
const results = (await Promise.all(reports.map((r) => r[1]!))).flatMap((r) => (r.type === 'result' ? [r] : []));

const delays = results.flatMap((r) => r.delays).sort((a, b) => a - b);
const firstBySecond = new Map<number, number>();
for (const r of results)
  for (const [second, delay] of Object.entries(r.firstBySecond))
    firstBySecond.set(Number(second), Math.min(firstBySecond.get(Number(second)) ?? Infinity, delay));
const first = [...firstBySecond.values()].sort((a, b) => a - b);
const clientCpu = results.reduce((sum, r) => sum + r.cpuMs, 0);

console.log(`ticks delivered: ${delays.length} (${(delays.length / SECONDS).toFixed(0)}/s, expected ~${CLIENTS}/s)`);
console.log(
  `delay from the tick's second to the client: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`,
);
console.log(
  `first client of each tick (the feed's own lag, before fan-out): p50 ${percentile(first, 50)} ms, max ${first.at(-1)} ms`,
);
const share = (ms: number) => `${((ms / (SECONDS * 1000)) * 100).toFixed(0)}%`;
console.log(
  `CPU while measuring, as a share of one core: server ${share(serverCpuAfter.user - serverCpuBefore.user)} user ` +
    `+ ${share(serverCpuAfter.system - serverCpuBefore.system)} system (the kernel's sends), ` +
    `client processes ${share(clientCpu)}`,
);
finished = true;
for (const child of children) child.kill();
await server.stop();
process.exit(0);

/** Ends the run without leaving the server or client processes behind. */
async function fail(message: string): Promise<never> {
  finished = true;
  console.error(`bench:stream: ${message}`);
  for (const child of children) child.kill();
  await server.stop();
  process.exit(1);
}

/** A server process must hold a descriptor per client it serves: refuse a run its limit would cut short. */
async function checkDescriptors(pid: number, clients: number) {
  const limits = await fs.readFile(`/proc/${pid}/limits`, 'utf8');
  const [soft, hard] = limits
    .split('\n')
    .find((line) => line.startsWith('Max open files'))!
    .split(/\s+/)
    .slice(3, 5);
  const open = (await fs.readdir(`/proc/${pid}/fd`)).length;
  const needed = open + clients + SERVER_FD_HEADROOM;
  if (soft === 'unlimited' || Number(soft) >= needed) return;
  await fail(
    `the server may open ${soft} files (hard limit ${hard}) and needs about ${needed} ` +
      `(${open} open now, one per client, ${SERVER_FD_HEADROOM} to spare). Raise the limit (pnpm bench:stream raises ` +
      `the soft limit to the hard one; a container's hard limit is set by its runtime, e.g. docker --ulimit ` +
      `nofile=65536), or run with fewer clients per server process (BENCH_CLIENTS, BENCH_PROCESSES).`,
  );
}

/** The CPU time, in ms, processes have used so far in their own code and in the kernel. */
async function cpuMs(pids: number[]) {
  const total = { user: 0, system: 0 };
  for (const pid of new Set(pids)) {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    total.user += (Number(fields[11]) * 1000) / CLOCK_TICKS;
    total.system += (Number(fields[12]) * 1000) / CLOCK_TICKS;
  }
  return total;
}
