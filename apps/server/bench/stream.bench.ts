/**
 * pnpm bench:stream
 * CLIENTS WebSocket clients subscribe to BTC/USDT on the real server; for each tick, the delay from
 * the start of its second (when the feed records it) to its arrival at each client.
 */
import WebSocket from 'ws';
import { percentile, startBenchServer } from './bench-server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);

const server = await startBenchServer();
console.log(`bench:stream  clients=${CLIENTS} duration=${SECONDS}s`);
const delays: number[] = [];
let measuring = false;
let received = 0;
const sockets: WebSocket[] = [];
for (let i = 0; i < CLIENTS; i += 250) {
  await Promise.all(
    Array.from(
      { length: Math.min(250, CLIENTS - i) },
      () =>
        new Promise<void>((resolve, reject) => {
          const ws = new WebSocket(`ws://127.0.0.1:${server.port}/api/stream`);
          ws.on('open', () => {
            ws.send(JSON.stringify({ op: 'sub', symbols: ['BTC/USDT'] }));
            resolve();
          });
          ws.on('error', reject);
          ws.on('message', (data) => {
            const arrived = Date.now();
            const m = JSON.parse(data.toString());
            if (m.type !== 'tick' || !measuring) return;
            received++;
            delays.push(arrived - m.t * 1000);
          });
          sockets.push(ws);
        }),
    ),
  );
}
console.log(`${sockets.length} clients connected and subscribed`);
await new Promise((r) => setTimeout(r, 2_000));
measuring = true;
await new Promise((r) => setTimeout(r, SECONDS * 1000));
measuring = false;
delays.sort((a, b) => a - b);
console.log(`ticks delivered: ${received} (${(received / SECONDS).toFixed(0)}/s, expected ~${CLIENTS}/s)`);
console.log(
  `delay from the tick's second to the client: p50 ${percentile(delays, 50)} ms, p99 ${percentile(delays, 99)} ms, max ${delays.at(-1)} ms`,
);
for (const ws of sockets) ws.terminate();
await server.stop();
process.exit(0);
