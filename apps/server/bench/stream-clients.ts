/**
 * One of bench:stream's client processes (stream.bench.ts forks them): COUNT WebSocket clients subscribed to
 * BTC/USDT. While told to measure, each tick's delay from the start of its second (the clock is the machine's,
 * shared with the server) is recorded; on `stop` the delays go back to the bench with this process's CPU time.
 */
import WebSocket from 'ws';

export type ClientsCommand = { op: 'measure' } | { op: 'stop' };
export type ClientsReport =
  | { type: 'ready'; connected: number }
  | {
      type: 'result';
      delays: number[];
      /** The earliest arrival of each tick (its second) in this process. */
      firstBySecond: Record<number, number>;
      cpuMs: number;
    };

const [port, count] = process.argv.slice(2).map(Number) as [number, number];
const BATCH = 100;
const report = (message: ClientsReport) => process.send!(message);

const delays: number[] = [];
const firstBySecond: Record<number, number> = {};
let measuring = false;
let cpuAtStart = process.cpuUsage();

function onTick(data: WebSocket.RawData) {
  if (!measuring) return;
  const arrived = Date.now();
  const message = JSON.parse(data.toString()) as { type: string; t: number };
  if (message.type !== 'tick') return;
  const delay = arrived - message.t * 1000;
  delays.push(delay);
  firstBySecond[message.t] = Math.min(firstBySecond[message.t] ?? Infinity, delay);
}

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i += BATCH) {
  await Promise.all(
    Array.from(
      { length: Math.min(BATCH, count - i) },
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${port}/api/stream`, { perMessageDeflate: false });
          ws.on('open', () => {
            ws.send(JSON.stringify({ op: 'sub', symbols: ['BTC/USDT'] }));
            resolve();
          });
          ws.on('error', reject);
          ws.on('message', onTick);
          sockets.push(ws);
        }),
    ),
  );
}
report({ type: 'ready', connected: sockets.length });

process.on('message', (command: ClientsCommand) => {
  if (command.op === 'measure') {
    measuring = true;
    cpuAtStart = process.cpuUsage();
    return;
  }
  measuring = false;
  const cpu = process.cpuUsage(cpuAtStart);
  report({ type: 'result', delays, firstBySecond, cpuMs: (cpu.user + cpu.system) / 1000 });
  // The bench ends this process once it has the report (exiting here could overtake the report).
  for (const ws of sockets) ws.terminate();
});
