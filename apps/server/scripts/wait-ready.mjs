// Waits until this node's /api/health/ready answers 200, so that a restart is over only when the node can serve:
// systemd runs it as the unit's ExecStartPost (deploy/systemd/contract-trader.service), which keeps
// `systemctl restart contract-trader` from returning before then, and a rolling restart that goes node by node
// never has two nodes out at once. Plain JavaScript (node alone, nothing built), reading HOST and PORT as the
// server does. Exit 0 once ready; 1 when READY_TIMEOUT seconds (default 120: a first start backfills price
// history) pass without it, which fails the start and lets systemd's Restart= handle the node.
import { listenAddresses } from '../src/platform/config/listen-ports.mjs';

const { host, port } = listenAddresses().find((address) => address.name === 'PORT');
// A node listening on every address is asked on loopback.
const askHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
const url = `http://${askHost.includes(':') ? `[${askHost}]` : askHost}:${port}/api/health/ready`;
const timeoutMs = Number(process.env.READY_TIMEOUT || 120) * 1000;
const everyMs = Number(process.env.READY_POLL_MS || 500);

const started = Date.now();
let last = 'no answer yet';
while (Date.now() - started < timeoutMs) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = await response.text();
    if (response.status === 200) {
      console.log(`ready: ${url} after ${((Date.now() - started) / 1000).toFixed(1)} s`);
      process.exit(0);
    }
    last = `${response.status} ${body.slice(0, 300)}`;
  } catch (error) {
    last = error instanceof Error ? (error.cause?.code ?? error.message) : String(error);
  }
  await new Promise((resolve) => setTimeout(resolve, everyMs));
}
console.error(`not ready: ${url} did not answer 200 within ${timeoutMs / 1000} s (last: ${last})`);
process.exit(1);
