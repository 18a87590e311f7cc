import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/**
 * A second local exchange on 127.0.0.1 speaking OKX v5's public WebSocket protocol: `/ws/v5/public`, a
 * `{"op":"subscribe","args":[{"channel":"trades","instId":..}]}` answered with `{"event":"subscribe",..}`, then
 * `{"arg":{"channel":"trades","instId"},"data":[{"instId","tradeId","px","sz","side","ts"}]}` for each trade.
 * Tests make it trade at prices of their choosing (agreeing with the first source, or not).
 */
export class FakeOkx {
  private server = http.createServer((_req, res) => res.writeHead(404).end());
  private wss = new WebSocketServer({ noServer: true });
  private clients = new Set<{ socket: WebSocket; symbols: Set<string> }>();
  private nextId = 500_000;
  readonly sent: Array<{ instId: string; tradeId: string; px: string; ts: number }> = [];

  async start() {
    this.server.on('upgrade', (req, socket, head) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/ws/v5/public') {
        socket.destroy();
        return;
      }
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const client = { socket: ws, symbols: new Set<string>() };
        this.clients.add(client);
        ws.on('close', () => this.clients.delete(client));
        ws.on('message', (raw) => {
          const m = JSON.parse(raw.toString()) as { op?: string; args?: Array<{ channel: string; instId: string }> };
          if (m.op !== 'subscribe') return;
          for (const a of m.args ?? []) {
            client.symbols.add(a.instId);
            ws.send(JSON.stringify({ event: 'subscribe', arg: a, connId: 'fake' }));
          }
        });
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { wsUrl: `ws://127.0.0.1:${port}` };
  }

  get subscribed() {
    return [...this.clients].flatMap((c) => [...c.symbols]);
  }

  trade(instId: string, px: string, ts = Date.now()) {
    const t = { instId, tradeId: String(++this.nextId), px, ts };
    this.sent.push(t);
    const message = JSON.stringify({
      arg: { channel: 'trades', instId },
      data: [{ instId, tradeId: t.tradeId, px, sz: '0.01', side: 'buy', ts: String(ts), count: '1' }],
    });
    for (const c of this.clients) if (c.symbols.has(instId)) c.socket.send(message);
    return t;
  }

  async stop() {
    for (const c of this.clients) c.socket.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
