import type { FastifyPluginAsync } from 'fastify';
import { streamClientMessageSchema, type StreamServerMessage } from '@app/contracts';
import { listProducts } from './market.repository.ts';
import type WebSocket from 'ws';
import type { Subscriber, TickHub } from './tick-hub.ts';
import type { FrameTransport } from './ws-frames.ts';
import { systemClock } from '../../platform/time/clock.ts';

/**
 * /api/stream: live quotes over a WebSocket. A client sends {op:"sub", symbols:[...]} and receives
 * the latest tick of each at once, then every new one. Unknown symbols are ignored.
 */
export const streamRoutes: FastifyPluginAsync<{ hub: TickHub }> = async (app, { hub }) => {
  const { db } = app;
  let known = new Set<string>();
  let loadedAt = 0;
  const symbols = async () => {
    if (Date.now() - loadedAt > 30_000) {
      known = new Set((await listProducts(db)).map((p) => p.symbol));
      loadedAt = Date.now();
    }
    return known;
  };

  app.get('/api/stream', { websocket: true }, (socket, request) => {
    // The connection the request was upgraded on is the one ws took over and frames to.
    const client = new StreamClient(socket, request.raw.socket);
    const send = (message: StreamServerMessage) => socket.send(JSON.stringify(message));
    socket.on('message', async (raw: Buffer) => {
      let parsed;
      try {
        parsed = streamClientMessageSchema.safeParse(JSON.parse(raw.toString()));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return send({ type: 'error', key: 'invalid_request' });
      const message = parsed.data;
      if (message.op === 'ping') return send({ type: 'pong', t: systemClock() });
      const valid = await symbols();
      const wanted = message.symbols.filter((s) => valid.has(s));
      if (message.op === 'unsub') return hub.unsubscribe(client, wanted);
      hub.subscribe(client, wanted);
    });
    socket.on('close', () => hub.remove(client));
  });
};

/** A client of /api/stream as the hub sees it. */
class StreamClient implements Subscriber {
  constructor(
    private readonly socket: WebSocket,
    readonly transport: FrameTransport,
  ) {}
  get readyState() {
    return this.socket.readyState;
  }
}
