import type { FastifyBaseLogger } from 'fastify';
import { StreamSource, type SecondTrade, type StreamProtocol } from './stream-source.ts';

/**
 * OKX spot over its public WebSocket protocol (v5), the second source prices are checked against: connect to
 * `<ws>/ws/v5/public`, send `{"op":"subscribe","args":[{"channel":"trades","instId":"BTC-USDT"},...]}`, and read
 * `{"arg":{"channel":"trades",..},"data":[{"instId","tradeId","px","sz","side","ts"},..]}` (ids, prices and times
 * as strings). Only the stream is used: a second the stream did not hear has no second-source price, which the
 * published rule treats as missing (the order is void), never filled in from elsewhere.
 */
export function okxSource(urls: { wsUrl: string }, log: FastifyBaseLogger) {
  const protocol: StreamProtocol = {
    name: 'okx',
    url: () => `${urls.wsUrl.replace(/\/+$/, '')}/ws/v5/public`,
    subscribe: (symbols) => ({ op: 'subscribe', args: symbols.map((instId) => ({ channel: 'trades', instId })) }),
    parse(message) {
      const m = message as { arg?: { channel?: unknown }; data?: unknown; event?: unknown } | null;
      if (!m || m.event !== undefined || m.arg?.channel !== 'trades') return [];
      if (!Array.isArray(m.data)) return null;
      const out = [];
      for (const d of m.data as Array<Record<string, unknown>>) {
        const { instId, tradeId, px, ts } = d ?? {};
        if (typeof instId !== 'string' || typeof px !== 'string' || typeof ts !== 'string') return null;
        if (typeof tradeId !== 'string' || !/^\d{1,15}$/.test(tradeId) || !/^\d{1,15}$/.test(ts)) return null;
        out.push({ symbol: instId, id: Number(tradeId), timeMs: Number(ts), price: px });
      }
      return out;
    },
    history: async () => new Map<number, SecondTrade>(),
    candles: async () => [],
  };
  return new StreamSource(protocol, log);
}

/** BTC/USDT at OKX is BTC-USDT. */
export const okxSymbolOf = (symbol: string) => symbol.replace(/[^A-Za-z0-9]+/g, '-').toUpperCase();
