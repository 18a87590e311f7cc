import { randomInt } from 'node:crypto';
import net from 'node:net';

/**
 * Linux hands out local ports for outgoing connections, and for a bind to port 0, from 32768 up
 * (/proc/sys/net/ipv4/ip_local_port_range). Test ports come from below that range.
 */
const LOWEST = 16_384;
const EPHEMERAL_FROM = 32_768;

/** Ports this process has handed out: a test asks for two or three before it starts the server that binds them. */
const handedOut = new Set<number>();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.unref();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/**
 * A free port for a server a test starts. A port from a bind to port 0 lies in the ephemeral range, where every
 * outgoing connection on the machine (a browser's, a load test's, another suite's database client) takes its local
 * port too: one taken between the check and the server's listen failed a start in CI (EADDRINUSE), and a server
 * killed and started again on its port gives the port back to that pool meanwhile. Below the range only another
 * test's pick can collide, and the probe sees a port that is already bound.
 */
export async function testPort(): Promise<number> {
  for (;;) {
    const port = randomInt(LOWEST, EPHEMERAL_FROM);
    if (handedOut.has(port) || !(await bindable(port))) continue;
    handedOut.add(port);
    return port;
  }
}
