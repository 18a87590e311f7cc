import type { KlineInterval } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { StreamSource, type SecondTrade, type SourceCandle, type StreamProtocol } from './stream-source.ts';

const REST_TIMEOUT_MS = 10_000;

/**
 * Binance spot over its public wire protocol, with `ws` and fetch (no SDK): the combined trade stream
 * `<ws>/stream?streams=btcusdt@trade/...` (messages `{"stream":..,"data":{"e":"trade","s","t","p","T",..}}`) and REST
 * `GET /api/v3/klines` (1 s klines for the seconds the stream missed, the other intervals for the first start).
 */
export function binanceSource(urls: { wsUrl: string; restUrl: string }, log: FastifyBaseLogger) {
  const klines = async (symbol: string, interval: string, from: number | null, to: number, limit: number) => {
    const query = new URLSearchParams({ symbol, interval, endTime: String(to * 1000 + 999), limit: String(limit) });
    if (from !== null) query.set('startTime', String(from * 1000));
    const url = `${urls.restUrl.replace(/\/+$/, '')}/api/v3/klines?${query}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(REST_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`binance klines ${symbol} ${interval}: HTTP ${response.status}`);
    const body = (await response.json()) as unknown;
    if (!Array.isArray(body)) throw new Error(`binance klines ${symbol}: not a list`);
    const out: SourceCandle[] = [];
    for (const row of body) {
      // [open time ms, open, high, low, close, volume, close time, quote volume, trades, ...]
      if (!Array.isArray(row) || typeof row[0] !== 'number' || typeof row[4] !== 'string') continue;
      out.push({
        t: Math.floor(row[0] / 1000),
        o: String(row[1]),
        h: String(row[2]),
        l: String(row[3]),
        c: row[4],
        trades: typeof row[8] === 'number' ? row[8] : 0,
      });
    }
    return out;
  };
  const protocol: StreamProtocol = {
    name: 'binance',
    url: (symbols) =>
      `${urls.wsUrl.replace(/\/+$/, '')}/stream?streams=${symbols.map((s) => `${s.toLowerCase()}@trade`).join('/')}`,
    parse(message) {
      const data = (message as { data?: Record<string, unknown> } | null)?.data;
      if (!data || data.e !== 'trade') return [];
      const { s, t, T, p } = data;
      if (typeof s !== 'string' || typeof t !== 'number' || !Number.isSafeInteger(t) || typeof T !== 'number')
        return null;
      if (typeof p !== 'string') return null;
      return [{ symbol: s, id: t, timeMs: T, price: p }];
    },
    async history(symbol, from, to) {
      const out = new Map<number, SecondTrade>();
      for (let start = from; start <= to; start += 1000) {
        const rows = await klines(symbol, '1s', start, Math.min(to, start + 999), 1000);
        for (const r of rows)
          if (r.t >= from && r.t <= to) out.set(r.t, { price: r.c, trades: r.trades, tradeId: null });
      }
      return out;
    },
    candles: (symbol, interval: KlineInterval, end, limit) => klines(symbol, interval, null, end, limit),
  };
  return new StreamSource(protocol, log);
}
