import WebSocket from 'ws';
import type { FastifyBaseLogger } from 'fastify';
import type { KlineInterval } from '@app/contracts';

/**
 * The last trade of one second at a source, as it sent it (a decimal string), how many trades it had, and the
 * source's id of that trade (null when the source gives none, or for a second read from its history).
 */
export type SecondTrade = { price: string; trades: number; tradeId: number | null };
/** A source's candle, prices as it sent them. */
export type SourceCandle = { t: number; o: string; h: string; l: string; c: string; trades: number };

/**
 * A live source: a push stream of trades folded into "last trade of each second", and the source's history for
 * seconds the stream did not hear (downtime, a dropped connection) and for the first start.
 */
export interface LiveSource {
  readonly name: string;
  /** The source symbols to stream; a change reconnects with the new list. */
  watch(symbols: string[]): void;
  /** The first whole second heard on the current connection; null while disconnected. */
  liveFrom(): number | null;
  /** The last second whose trades are all in hand (the stream's delivery delay allowed for); null while down. */
  heardThrough(): number | null;
  /** Hands over (and forgets) the heard seconds [from, to] of one symbol; a second without a trade is absent. */
  take(symbol: string, from: number, to: number): Map<number, SecondTrade>;
  /** The seconds [from, to] from the source's history (the close of each second is its last trade). */
  history(symbol: string, from: number, to: number): Promise<Map<number, SecondTrade>>;
  /** Up to `limit` candles of an interval ending at or before `end` (seconds), oldest first. */
  candles(symbol: string, interval: KlineInterval, end: number, limit: number): Promise<SourceCandle[]>;
  stop(): Promise<void>;
}

/** One trade (or quote) a stream message carries; `id` orders the trades of a second when the source gives one. */
export type StreamTrade = { symbol: string; id: number | null; timeMs: number; price: string };

/** What differs between sources: where to connect, how to read a message, where the history is. */
export type StreamProtocol = {
  readonly name: string;
  url(symbols: string[]): string;
  /** A source that subscribes by message (OKX) rather than by URL: what to send once connected. */
  subscribe?(symbols: string[]): unknown;
  /** The trades of a message ([] for a message of another kind); null when it cannot be read (counted, dropped). */
  parse(message: unknown): StreamTrade[] | null;
  history(symbol: string, from: number, to: number): Promise<Map<number, SecondTrade>>;
  candles(symbol: string, interval: KlineInterval, end: number, limit: number): Promise<SourceCandle[]>;
};

/** A trade is taken as final this long after its second ends (sources deliver within a few hundred ms). */
const DELIVERY_MS = 600;
const MAX_RECONNECT_MS = 30_000;
/** A price as sources write it: a plain positive decimal, nothing else (no exponent, sign, NaN or comma). */
export const PLAIN_DECIMAL = /^\d{1,15}(\.\d{1,18})?$/;

/** The last trade of a second so far: ordered by the source's id, then its time, then arrival. */
type Heard = { price: string; rank: [number, number, number]; keys: Set<string> };

const later = (a: Heard['rank'], b: Heard['rank']) =>
  a[0] !== b[0] ? a[0] > b[0] : a[1] !== b[1] ? a[1] > b[1] : a[2] > b[2];

/**
 * The stream half every live source shares: one WebSocket with reconnection, each message read by the source's
 * protocol and folded into the last trade of each second, so a duplicate or an out-of-order message never
 * changes which trade was a second's last; messages for seconds already handed over are dropped as late.
 */
export class StreamSource implements LiveSource {
  private socket: WebSocket | null = null;
  private symbols: string[] = [];
  private openedAt: number | null = null;
  private readonly heard = new Map<string, Map<number, Heard>>();
  /** Per symbol, the last second handed over: anything for it or before arrives too late and is dropped. */
  private readonly taken = new Map<string, number>();
  private retryMs = 1_000;
  private retryTimer: NodeJS.Timeout | null = null;
  private stopped = false;
  private arrival = 0;
  /** Messages dropped: unreadable, a malformed price, or for a second already recorded. */
  readonly dropped = { malformed: 0, late: 0 };

  constructor(
    private readonly protocol: StreamProtocol,
    private readonly log: FastifyBaseLogger,
  ) {}

  get name() {
    return this.protocol.name;
  }

  watch(symbols: string[]) {
    const list = [...new Set(symbols.map((s) => s.toUpperCase()))].sort();
    if (list.join() === this.symbols.join() && (this.socket || this.retryTimer)) return;
    this.symbols = list;
    this.reconnect(0);
  }

  liveFrom() {
    return this.openedAt === null ? null : Math.floor(this.openedAt / 1000) + 1;
  }

  heardThrough() {
    const from = this.liveFrom();
    if (from === null) return null;
    return Math.max(from - 1, Math.floor((Date.now() - DELIVERY_MS) / 1000) - 1);
  }

  take(symbol: string, from: number, to: number) {
    const out = new Map<number, SecondTrade>();
    const seconds = this.heard.get(symbol) ?? new Map<number, Heard>();
    for (const [second, h] of seconds) {
      if (second > to) continue;
      if (second >= from)
        out.set(second, { price: h.price, trades: h.keys.size, tradeId: h.rank[0] >= 0 ? h.rank[0] : null });
      seconds.delete(second);
    }
    this.taken.set(symbol, Math.max(this.taken.get(symbol) ?? 0, to));
    return out;
  }

  history(symbol: string, from: number, to: number) {
    return this.protocol.history(symbol, from, to);
  }

  candles(symbol: string, interval: KlineInterval, end: number, limit: number) {
    return this.protocol.candles(symbol, interval, end, limit);
  }

  async stop() {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    this.openedAt = null;
    if (socket && socket.readyState !== WebSocket.CLOSED) {
      await new Promise<void>((resolve) => {
        socket.once('close', () => resolve());
        socket.terminate();
      });
    }
  }

  private reconnect(delay: number) {
    if (this.stopped) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.socket?.removeAllListeners();
    this.socket?.on('error', () => {});
    this.socket?.terminate();
    this.socket = null;
    this.openedAt = null;
    if (this.symbols.length === 0) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect();
    }, delay);
  }

  private connect() {
    const socket = new WebSocket(this.protocol.url(this.symbols), { handshakeTimeout: 10_000 });
    this.socket = socket;
    socket.on('open', () => {
      this.openedAt = Date.now();
      this.retryMs = 1_000;
      // What was heard before this connection is incomplete around the gap: the source's history fills it.
      this.heard.clear();
      if (this.protocol.subscribe) socket.send(JSON.stringify(this.protocol.subscribe(this.symbols)));
      this.log.info({ symbols: this.symbols.length }, `${this.name}: streaming`);
    });
    socket.on('message', (data) => this.onMessage(data.toString()));
    socket.on('error', (error) => this.log.warn({ err: error.message }, `${this.name}: stream error`));
    socket.on('close', () => {
      if (this.socket !== socket) return;
      this.log.warn({ retryMs: this.retryMs }, `${this.name}: stream closed, reconnecting`);
      this.openedAt = null;
      this.socket = null;
      const delay = this.retryMs;
      this.retryMs = Math.min(MAX_RECONNECT_MS, this.retryMs * 2);
      this.reconnect(delay);
    });
  }

  private onMessage(text: string) {
    let trades: StreamTrade[] | null;
    try {
      trades = this.protocol.parse(JSON.parse(text));
    } catch {
      trades = null;
    }
    if (trades === null) {
      this.dropped.malformed++;
      return;
    }
    for (const t of trades) this.fold(t);
  }

  private fold(t: StreamTrade) {
    const symbol = t.symbol.toUpperCase();
    if (!Number.isFinite(t.timeMs) || !PLAIN_DECIMAL.test(t.price) || !/[1-9]/.test(t.price)) {
      this.dropped.malformed++;
      return;
    }
    const second = Math.floor(t.timeMs / 1000);
    if (second <= (this.taken.get(symbol) ?? 0) || (this.liveFrom() ?? Infinity) > second) {
      this.dropped.late++;
      return;
    }
    let seconds = this.heard.get(symbol);
    if (!seconds) this.heard.set(symbol, (seconds = new Map()));
    const rank: Heard['rank'] = [t.id ?? -1, t.timeMs, ++this.arrival];
    const key = t.id === null ? `${t.timeMs}:${t.price}` : String(t.id);
    const seen = seconds.get(second);
    if (!seen) seconds.set(second, { price: t.price, rank, keys: new Set([key]) });
    else {
      // A duplicate (same id, or same time and price without ids) changes nothing.
      if (seen.keys.has(key)) return;
      seen.keys.add(key);
      if (later(rank, seen.rank)) {
        seen.rank = rank;
        seen.price = t.price;
      }
    }
  }
}
