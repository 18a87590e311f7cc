import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { Tick } from '@app/contracts';
import { Backoff } from '../../platform/jobs/backoff.ts';
import { clientConfig, LIMITS } from '../../platform/db/client.ts';
import { textFrame, type FrameTransport } from './ws-frames.ts';

/** The PostgreSQL channel the price feed announces each recorded second on (jobs/price-feed.job.ts). */
export const TICK_CHANNEL = 'ticks';

/** What the hub needs of a WebSocket: whether it is open, and the byte stream under it (see ws-frames.ts). */
export type Subscriber = { readonly readyState: number; readonly transport: FrameTransport };

/** A subscriber's symbols, and the frames it is owed: at most one per symbol, the latest (see deliver). */
type Reader = {
  readonly socket: Subscriber;
  readonly symbols: Set<string>;
  readonly owed: Map<string, Buffer>;
  waitingForDrain: boolean;
};

const OPEN = 1;
/**
 * A LISTEN connection only receives: without a statement now and then, one whose server stalled or vanished
 * would look idle for ever.
 */
const PING_MS = 15_000;
const PING_TIMEOUT_MS = 10_000;

/**
 * Every node LISTENs for the feed leader's NOTIFY and fans each tick out to the sockets that
 * subscribed to its symbol. Each tick is serialised and framed once, whatever the number of subscribers, and each
 * subscriber gets one write per batch of ticks, whatever the number of its symbols.
 */
export class TickHub {
  private client: pg.Client | null = null;
  /** The current connection has run LISTEN and has not been lost since. */
  private subscribed = false;
  private readonly bySymbol = new Map<string, Set<Reader>>();
  private readonly bySocket = new Map<Subscriber, Reader>();
  /** The frame of each symbol's latest tick, sent to a new subscriber at once. */
  private readonly latest = new Map<string, Buffer>();
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
    this.subscribed = false;
    if (this.retry) clearTimeout(this.retry);
    if (this.ping) clearTimeout(this.ping);
    await this.client?.end().catch(() => {});
    this.client = null;
  }

  get connections() {
    return this.bySocket.size;
  }

  /**
   * Whether this node receives the feed's ticks now: its LISTEN connection is up. Without it its live-quote
   * sockets would stay open and silent, so the node is not ready (health/ready), whatever the feed does.
   */
  get listening() {
    return this.subscribed && this.client !== null;
  }

  /** Subscribes `socket` to `symbols` and sends it their latest ticks. */
  subscribe(socket: Subscriber, symbols: string[]) {
    let reader = this.bySocket.get(socket);
    if (!reader) {
      reader = { socket, symbols: new Set(), owed: new Map(), waitingForDrain: false };
      this.bySocket.set(socket, reader);
    }
    for (const symbol of symbols) {
      reader.symbols.add(symbol);
      let set = this.bySymbol.get(symbol);
      if (!set) this.bySymbol.set(symbol, (set = new Set()));
      set.add(reader);
      const last = this.latest.get(symbol);
      if (last) reader.owed.set(symbol, last);
    }
    this.deliver(reader);
  }

  unsubscribe(socket: Subscriber, symbols: string[]) {
    const reader = this.bySocket.get(socket);
    if (!reader) return;
    for (const symbol of symbols) {
      reader.symbols.delete(symbol);
      reader.owed.delete(symbol);
      this.bySymbol.get(symbol)?.delete(reader);
    }
  }

  remove(socket: Subscriber) {
    const reader = this.bySocket.get(socket);
    if (!reader) return;
    for (const symbol of reader.symbols) this.bySymbol.get(symbol)?.delete(reader);
    reader.owed.clear();
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
    const owing = new Set<Reader>();
    for (const tick of ticks) {
      const frame = textFrame(JSON.stringify({ type: 'tick', s: tick.s, p: tick.p, t: tick.t }));
      this.latest.set(tick.s, frame);
      for (const reader of this.bySymbol.get(tick.s) ?? []) {
        reader.owed.set(tick.s, frame);
        // A reader of one symbol is owed nothing else from this batch: written now, not after a pass over all.
        if (reader.symbols.size === 1) this.deliver(reader);
        else owing.add(reader);
      }
    }
    for (const reader of owing) this.deliver(reader);
  }

  /**
   * Writes what `reader` is owed in one write. A reader that has fallen behind (a slow phone, a dead line) is owed
   * only the latest tick of each symbol until its socket drains: its memory here stays one frame per symbol, and
   * what it gets then is current, not a queue of stale prices.
   */
  private deliver(reader: Reader) {
    const { socket, owed } = reader;
    if (owed.size === 0 || reader.waitingForDrain) return;
    if (socket.readyState !== OPEN) return owed.clear();
    if (socket.transport.writableNeedDrain) {
      reader.waitingForDrain = true;
      socket.transport.once('drain', () => {
        reader.waitingForDrain = false;
        this.deliver(reader);
      });
      return;
    }
    const frame = owed.size === 1 ? owed.values().next().value! : Buffer.concat([...owed.values()]);
    owed.clear();
    socket.transport.write(frame);
  }

  private async connect() {
    if (this.stopped) return;
    const client = new pg.Client(clientConfig(this.url, LIMITS.session, 'tick-hub'));
    // Reconnects after a pause that grows while the database does not answer (see Backoff).
    const reconnect = (error: unknown) => {
      if (this.client !== client || this.stopped) return;
      this.client = null;
      this.subscribed = false;
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
      this.subscribed = this.client === client;
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
