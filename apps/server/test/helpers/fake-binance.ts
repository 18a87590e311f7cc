import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';

/** One trade as the fake exchange made it: the truth the recorded series is checked against. */
export type FakeTrade = { symbol: string; id: number; price: string; time: number };

const INTERVAL_MS: Record<string, number> = {
  '1s': 1_000,
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '1d': 86_400_000,
};

/**
 * A local exchange on 127.0.0.1 speaking Binance spot's wire formats: the combined trade stream
 * (`/stream?streams=btcusdt@trade/...`, messages `{"stream":..,"data":{"e":"trade",...}}`) and REST klines
 * (`GET /api/v3/klines`, rows `[openTime, open, high, low, close, volume, closeTime, quoteVolume, trades, ...]`),
 * the klines computed from the very trades it streamed. Tests make trades, drop and refuse connections, and send
 * raw (duplicate, out-of-order, malformed) messages.
 */
export class FakeBinance {
  readonly trades: FakeTrade[] = [];
  private server = http.createServer((req, res) => this.rest(req, res));
  private wss = new WebSocketServer({ noServer: true });
  private clients = new Set<{ socket: WebSocket; symbols: Set<string> }>();
  private nextId = 1_000;
  refusing = false;
  restRequests = 0;

  async start() {
    this.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (this.refusing || url.pathname !== '/stream') {
        socket.destroy();
        return;
      }
      const symbols = new Set(
        (url.searchParams.get('streams') ?? '')
          .split('/')
          .filter((s) => s.endsWith('@trade'))
          .map((s) => s.slice(0, -'@trade'.length).toUpperCase()),
      );
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const client = { socket: ws, symbols };
        this.clients.add(client);
        ws.on('close', () => this.clients.delete(client));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return { wsUrl: `ws://127.0.0.1:${port}`, restUrl: `http://127.0.0.1:${port}` };
  }

  get connections() {
    return this.clients.size;
  }

  /** A trade: kept in the history (REST klines) and streamed to the clients watching the symbol. */
  trade(symbol: string, price: string, options: { time?: number; id?: number; stream?: boolean } = {}) {
    const t: FakeTrade = { symbol, id: options.id ?? this.nextId++, price, time: options.time ?? Date.now() };
    this.trades.push(t);
    if (options.stream !== false) this.sendTrade(t);
    return t;
  }

  /** Streams a trade message as given (a duplicate, an old one), without adding it to the history. */
  sendTrade(t: FakeTrade) {
    this.send(t.symbol, {
      stream: `${t.symbol.toLowerCase()}@trade`,
      data: {
        e: 'trade',
        E: Date.now(),
        s: t.symbol,
        t: t.id,
        p: t.price,
        q: '0.01000000',
        T: t.time,
        m: false,
        M: true,
      },
    });
  }

  /** Any text to the clients watching `symbol` (malformed messages). */
  sendRaw(symbol: string, text: string) {
    for (const c of this.clients) if (c.symbols.has(symbol)) c.socket.send(text);
  }

  /** Drops every stream connection, as a network failure would. */
  dropAll() {
    for (const c of this.clients) c.socket.terminate();
    this.clients.clear();
  }

  /** The last trade (by id) of each second, from the history: what the record must hold. */
  lastTradeBySecond(symbol: string): Map<number, string> {
    return new Map([...this.lastTrades(symbol)].map(([s, t]) => [s, t.price]));
  }

  /** The id of each second's last trade. */
  lastTradeIdBySecond(symbol: string): Map<number, number> {
    return new Map([...this.lastTrades(symbol)].map(([s, t]) => [s, t.id]));
  }

  private lastTrades(symbol: string): Map<number, FakeTrade> {
    const best = new Map<number, FakeTrade>();
    for (const t of this.trades) {
      if (t.symbol !== symbol) continue;
      const s = Math.floor(t.time / 1000);
      const seen = best.get(s);
      if (!seen || t.id > seen.id) best.set(s, t);
    }
    return best;
  }

  async stop() {
    this.dropAll();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private send(symbol: string, message: object) {
    const text = JSON.stringify(message);
    for (const c of this.clients) if (c.symbols.has(symbol)) c.socket.send(text);
  }

  private rest(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/api/v3/klines') {
      res.writeHead(404).end();
      return;
    }
    this.restRequests++;
    const q = url.searchParams;
    const symbol = q.get('symbol') ?? '';
    const step = INTERVAL_MS[q.get('interval') ?? ''];
    if (!step) {
      res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":-1120,"msg":"Invalid interval."}');
      return;
    }
    const end = Number(q.get('endTime') ?? Date.now());
    const start = q.has('startTime') ? Number(q.get('startTime')) : -Infinity;
    const limit = Math.min(1000, Number(q.get('limit') ?? 500));
    const buckets = new Map<number, FakeTrade[]>();
    for (const t of [...this.trades].sort((a, b) => a.time - b.time || a.id - b.id)) {
      if (t.symbol !== symbol) continue;
      const open = Math.floor(t.time / step) * step;
      if (open < Math.floor(start / step) * step || open > end) continue;
      const list = buckets.get(open) ?? [];
      list.push(t);
      buckets.set(open, list);
    }
    const rows = [...buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([open, list]) => {
        const byId = [...list].sort((a, b) => a.id - b.id);
        const prices = list.map((t) => Number(t.price));
        return [
          open,
          byId[0]!.price,
          String(Math.max(...prices)),
          String(Math.min(...prices)),
          byId.at(-1)!.price,
          (list.length * 0.01).toFixed(8),
          open + step - 1,
          '0',
          list.length,
          '0',
          '0',
          '0',
        ];
      });
    const page = q.has('startTime') ? rows.slice(0, limit) : rows.slice(-limit);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(page));
  }
}

/** A decimal price at `precision` as the integer the record holds (the tests' prices have no more digits). */
export const toUnits = (price: string, precision: number) => (Number(price) * 10 ** precision).toFixed(0);

/**
 * What the record of [from, to] must be, from the exchange's trades alone: each second the last trade in it, a
 * second without one the previous price, carried. Seconds before the first trade have no price (null).
 */
export function expectedSeries(truth: Map<number, string>, from: number, to: number, precision: number) {
  let previous: string | null = null;
  for (const s of [...truth.keys()].sort((a, b) => a - b)) if (s < from) previous = toUnits(truth.get(s)!, precision);
  const out: Array<{ ts: number; price: string | null; carried: boolean }> = [];
  for (let ts = from; ts <= to; ts++) {
    const traded = truth.get(ts);
    if (traded) previous = toUnits(traded, precision);
    out.push({ ts, price: previous, carried: !traded });
  }
  return out;
}
