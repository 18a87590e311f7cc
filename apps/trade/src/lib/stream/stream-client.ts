import type { StreamServerMessage, Tick } from '@app/contracts';

/** The part of a browser WebSocket the client uses, so tests can hand it a fake one. */
export type SocketLike = {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
};

export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';
export type TickListener = (tick: Tick) => void;

export type StreamClientOptions = {
  url: () => string;
  createSocket?: (url: string) => SocketLike;
  /** First reconnect delay; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A ping keeps proxies from closing a quiet socket and proves the line is alive. */
  pingMs?: number;
  /** No message (tick or pong) for this long: the socket is dead even if it never said so. */
  staleMs?: number;
  /** With nothing subscribed, the socket closes after this long. */
  idleCloseMs?: number;
  /** Spreads reconnects of many clients after a server restart; tests pass a constant. */
  random?: () => number;
  now?: () => number;
};

const OPEN = 1;
/** The server accepts at most this many symbols per message. */
const CHUNK = 50;

/**
 * One WebSocket to /api/stream for the whole remote. Components subscribe per symbol (reference-counted);
 * the client sends sub/unsub as the set changes, reconnects with exponential backoff when the line drops and
 * subscribes again to everything it had. Ticks are passed on exactly as the server sent them: this client
 * never invents, smooths or fills in a price.
 */
export class StreamClient {
  private readonly options: Required<Omit<StreamClientOptions, 'createSocket'>> &
    Pick<StreamClientOptions, 'createSocket'>;
  private readonly listeners = new Map<string, Set<TickListener>>();
  private readonly latest = new Map<string, Tick>();
  private readonly statusListeners = new Set<(status: StreamStatus) => void>();
  private socket: SocketLike | null = null;
  private currentStatus: StreamStatus = 'idle';
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lastMessageAt = 0;
  private offsetSamples: number[] = [];

  constructor(options: StreamClientOptions) {
    this.options = {
      baseDelayMs: 500,
      maxDelayMs: 15_000,
      pingMs: 20_000,
      staleMs: 45_000,
      idleCloseMs: 15_000,
      random: Math.random,
      now: Date.now,
      ...options,
    };
  }

  get status(): StreamStatus {
    return this.currentStatus;
  }

  /** The last tick seen for a symbol (kept across reconnects), or null. */
  latestTick(symbol: string): Tick | null {
    return this.latest.get(symbol) ?? null;
  }

  /**
   * Calls the listener with every tick of the symbol, starting with the latest one already known. Returns the
   * unsubscribe function.
   */
  subscribe(symbol: string, listener: TickListener): () => void {
    let set = this.listeners.get(symbol);
    const first = !set;
    if (!set) {
      set = new Set();
      this.listeners.set(symbol, set);
    }
    set.add(listener);
    this.clearIdle();
    if (first && this.socket?.readyState === OPEN) this.send({ op: 'sub', symbols: [symbol] });
    if (!this.socket && !this.reconnectTimer) this.connect();
    const known = this.latest.get(symbol);
    if (known) queueMicrotask(() => set.has(listener) && listener(known));

    return () => {
      const current = this.listeners.get(symbol);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(symbol);
      if (this.socket?.readyState === OPEN) this.send({ op: 'unsub', symbols: [symbol] });
      if (this.listeners.size === 0) this.scheduleIdleClose();
    };
  }

  onStatus(listener: (status: StreamStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /**
   * The server's clock as best this page can tell, in milliseconds: countdowns to a settlement second use it
   * so a phone whose clock is off still counts to the server's second. Without live ticks it is the local clock.
   */
  serverNow(): number {
    const now = this.options.now();
    if (this.offsetSamples.length === 0) return now;
    // Each sample is (server second - arrival), which latency only makes smaller: the largest is the closest.
    return now + Math.max(...this.offsetSamples);
  }

  /** Skip the wait of a pending reconnect (the browser came back online, the page became visible). */
  reconnectNow(): void {
    if (this.socket || this.listeners.size === 0) return;
    this.clearReconnect();
    this.connect();
  }

  /** Closes the socket for good (tests, page teardown). */
  close(): void {
    this.listeners.clear();
    this.clearReconnect();
    this.clearIdle();
    this.dropSocket();
    this.setStatus('idle');
  }

  private connect(): void {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = (this.options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike))(
        this.options.url(),
      );
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      this.lastMessageAt = this.options.now();
      this.setStatus('open');
      const symbols = [...this.listeners.keys()];
      for (let i = 0; i < symbols.length; i += CHUNK) this.send({ op: 'sub', symbols: symbols.slice(i, i + CHUNK) });
      this.startPing();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => {
      if (this.socket === socket) this.lost();
    };
    // An error is always followed by close, which does the work.
    socket.onerror = () => {};
  }

  private receive(data: unknown): void {
    this.lastMessageAt = this.options.now();
    let message: StreamServerMessage;
    try {
      message = JSON.parse(String(data)) as StreamServerMessage;
    } catch {
      return;
    }
    if (message.type !== 'tick') return;
    const tick: Tick = { s: message.s, p: message.p, t: message.t };
    const previous = this.latest.get(tick.s);
    // Replays after a (re)subscribe repeat a tick already seen; an older one would move the price backwards.
    if (previous && (tick.t < previous.t || (tick.t === previous.t && tick.p === previous.p))) return;
    if (previous && tick.t === previous.t + 1) this.sampleOffset(tick.t);
    this.latest.set(tick.s, tick);
    for (const listener of [...(this.listeners.get(tick.s) ?? [])]) listener(tick);
  }

  private sampleOffset(second: number): void {
    // Only consecutive live seconds are sampled: a replayed tick may be hours old (a closed market).
    this.offsetSamples.push(second * 1000 - this.options.now());
    if (this.offsetSamples.length > 30) this.offsetSamples.shift();
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (this.options.now() - this.lastMessageAt > this.options.staleMs) {
        // A half-open connection can stay "open" for minutes; treat silence as a drop.
        this.dropSocket();
        this.lost();
        return;
      }
      this.send({ op: 'ping' });
    }, this.options.pingMs);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private lost(): void {
    this.stopPing();
    this.socket = null;
    if (this.listeners.size > 0) this.scheduleReconnect();
    else this.setStatus('idle');
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    const { baseDelayMs, maxDelayMs, random } = this.options;
    const delay = Math.min(maxDelayMs, baseDelayMs * 2 ** this.attempt) * (0.8 + 0.4 * random());
    this.attempt += 1;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.listeners.size > 0) this.connect();
      else this.setStatus('idle');
    }, delay);
  }

  private scheduleIdleClose(): void {
    this.clearIdle();
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.listeners.size > 0) return;
      this.clearReconnect();
      this.dropSocket();
      this.attempt = 0;
      this.setStatus('idle');
    }, this.options.idleCloseMs);
  }

  private dropSocket(): void {
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close();
    } catch {
      // Already closed.
    }
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private clearIdle(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  private send(message: { op: 'sub' | 'unsub'; symbols: string[] } | { op: 'ping' }): void {
    try {
      this.socket?.send(JSON.stringify(message));
    } catch {
      // The close handler reconnects.
    }
  }

  private setStatus(status: StreamStatus): void {
    if (status === this.currentStatus) return;
    this.currentStatus = status;
    for (const listener of [...this.statusListeners]) listener(status);
  }
}
