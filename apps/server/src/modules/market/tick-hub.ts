import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Tick } from '@app/contracts';
import { Backoff } from '../../platform/jobs/backoff.ts';
import { clientConfig, LIMITS } from '../../platform/db/client.ts';

/** The PostgreSQL channel the price feed announces each recorded second on (jobs/price-feed.job.ts). */
export const TICK_CHANNEL = 'ticks';

/** What the hub needs of a WebSocket: enough to send and to notice a slow reader. */
export type Subscriber = { send(data: string): void; readonly bufferedAmount: number; readonly readyState: number };

// A reader this far behind gets no more ticks until it drains: one slow phone must not hold memory.
const MAX_BUFFERED_BYTES = 1 << 20;
const OPEN = 1;
/**
 * A LISTEN connection only receives: without a statement now and then, one whose server stalled or vanished
 * would look idle for ever.
 */
const PING_MS = 15_000;
const PING_TIMEOUT_MS = 10_000;

/**
 * Every node LISTENs for the feed leader's NOTIFY and fans each tick out to the sockets that
 * subscribed to its symbol. Each message is serialised once, whatever the number of subscribers.
 */
export class TickHub {
  private client: pg.Client | null = null;
  private readonly bySymbol = new Map<string, Set<Subscriber>>();
  private readonly bySocket = new Map<Subscriber, Set<string>>();
  private readonly latest = new Map<string, Tick>();
  private readonly listeners = new Set<() => void>();
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  private ping: NodeJS.Timeout | null = null;
  private readonly backoff: Backoff;

  constructor(
    private readonly url: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.backoff = new Backoff(log, 'tick hub');
  }

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.ping) clearTimeout(this.ping);
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  get connections() {
    return this.bySocket.size;
  }

  subscribe(socket: Subscriber, symbols: string[]): Tick[] {
    let mine = this.bySocket.get(socket);
    if (!mine) this.bySocket.set(socket, (mine = new Set()));
    const snapshot: Tick[] = [];
    for (const symbol of symbols) {
      mine.add(symbol);
      let set = this.bySymbol.get(symbol);
      if (!set) this.bySymbol.set(symbol, (set = new Set()));
      set.add(socket);
      const last = this.latest.get(symbol);
      if (last) snapshot.push(last);
    }
    return snapshot;
  }

  unsubscribe(socket: Subscriber, symbols: string[]) {
    const mine = this.bySocket.get(socket);
    for (const symbol of symbols) {
      mine?.delete(symbol);
      this.bySymbol.get(symbol)?.delete(socket);
    }
  }

  remove(socket: Subscriber) {
    for (const symbol of this.bySocket.get(socket) ?? []) this.bySymbol.get(symbol)?.delete(socket);
    this.bySocket.delete(socket);
  }

  /**
   * Called after each batch of ticks, and whenever the hub (re)connects (ticks may have been missed while it
   * was away): what a node keeps in memory about prices is stale from that moment.
   */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Delivers ticks to subscribers (the NOTIFY handler; also used by tests and benchmarks). */
  publish(ticks: Tick[]) {
    for (const listener of this.listeners) listener();
    for (const tick of ticks) {
      this.latest.set(tick.s, tick);
      const subscribers = this.bySymbol.get(tick.s);
      if (!subscribers?.size) continue;
      const message = JSON.stringify({ type: 'tick', s: tick.s, p: tick.p, t: tick.t });
      for (const socket of subscribers) {
        if (socket.readyState === OPEN && socket.bufferedAmount < MAX_BUFFERED_BYTES) socket.send(message);
      }
    }
  }

  private async connect() {
    if (this.stopped) return;
    const client = new pg.Client(clientConfig(this.url, LIMITS.session, 'tick-hub'));
    // Reconnects after a pause that grows while the database does not answer (see Backoff).
    const reconnect = (error: unknown) => {
      if (this.client !== client || this.stopped) return;
      this.client = null;
      if (this.ping) clearTimeout(this.ping);
      client.end().catch(() => {});
      this.backoff.failed(error);
      this.retry = setTimeout(() => void this.connect(), this.backoff.delay(0));
    };
    client.on('error', reconnect);
    client.on('end', () => reconnect(new Error('Connection terminated')));
    client.on('notification', (message) => {
      if (message.channel !== TICK_CHANNEL || !message.payload) return;
      try {
        this.publish(JSON.parse(message.payload) as Tick[]);
      } catch (error) {
        this.log.warn({ err: error }, 'bad tick notification');
      }
    });
    this.client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${TICK_CHANNEL}`);
      this.backoff.succeeded();
      this.pingLater(client, reconnect);
      for (const listener of this.listeners) listener();
    } catch (error) {
      reconnect(error);
    }
  }

  private pingLater(client: pg.Client, reconnect: (error: unknown) => void) {
    this.ping = setTimeout(() => {
      let timer: NodeJS.Timeout | undefined;
      const silent = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('Query read timeout')), PING_TIMEOUT_MS);
      });
      void Promise.race([client.query('SELECT 1'), silent])
        .finally(() => clearTimeout(timer))
        .then(
          () => this.client === client && this.pingLater(client, reconnect),
          (error: unknown) => reconnect(error),
        );
    }, PING_MS);
    this.ping.unref();
  }
}
