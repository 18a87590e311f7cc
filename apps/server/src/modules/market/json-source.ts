import type { FastifyBaseLogger } from 'fastify';
import { StreamSource, type SecondTrade, type StreamProtocol } from './stream-source.ts';

const HTTP_TIMEOUT_MS = 10_000;

/**
 * A provider that speaks JSON over a WebSocket (forex, metals or stock quotes), described by configuration, not code:
 * where to connect (`{symbols}` is replaced by the comma-joined source symbols), where in a message the quotes are,
 * and where in a quote its symbol, price, time and (if any) id are. Its history, if it has one, is an HTTP URL with
 * `{symbol}`, `{from}` and `{to}` (seconds) answering per-second closes; it is required, because the seconds the
 * stream misses must come from somewhere other than a guess.
 */
export type JsonFeedConfig = {
  wsUrl: string;
  /** Dotted paths: `items` (the array of quotes in a message; empty: the message is one quote), symbol, price, time, id. */
  fields: { items: string; symbol: string; price: string; time: string; id: string | null };
  /** Whether times are in seconds or milliseconds. */
  timeUnit: 's' | 'ms';
  historyUrl: string;
  /** Dotted paths in the history answer: `items` (the array of seconds), time, price. */
  historyFields: { items: string; time: string; price: string };
};

/** `a.b.0.c` into an object; '' is the object itself. */
export function pathGet(value: unknown, path: string): unknown {
  if (path === '') return value;
  let here = value;
  for (const part of path.split('.')) {
    if (here === null || typeof here !== 'object') return undefined;
    here = (here as Record<string, unknown>)[part];
  }
  return here;
}

/** "symbol=s,price=p,time=t" into a map of paths. */
export function parseFieldList(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split('='))
      .filter((kv) => kv.length === 2 && kv[0]!.trim() !== '')
      .map(([k, v]) => [k!.trim(), v!.trim()]),
  );
}

export function jsonSource(config: JsonFeedConfig, log: FastifyBaseLogger) {
  const toMs = (v: unknown) => {
    const n = typeof v === 'string' && /^\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    return typeof n === 'number' && Number.isFinite(n) ? (config.timeUnit === 's' ? n * 1000 : n) : NaN;
  };
  const asPrice = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
  const protocol: StreamProtocol = {
    name: 'json',
    url: (symbols) => config.wsUrl.replace('{symbols}', encodeURIComponent(symbols.join(','))),
    parse(message) {
      const { fields } = config;
      const found = pathGet(message, fields.items);
      const quotes = fields.items === '' ? [found] : found;
      if (!Array.isArray(quotes)) return [];
      const out = [];
      for (const q of quotes) {
        const symbol = pathGet(q, fields.symbol);
        if (typeof symbol !== 'string') return null;
        const id = fields.id === null ? null : pathGet(q, fields.id);
        out.push({
          symbol,
          id: typeof id === 'number' && Number.isSafeInteger(id) ? id : null,
          timeMs: toMs(pathGet(q, fields.time)),
          price: asPrice(pathGet(q, fields.price)),
        });
      }
      return out;
    },
    async history(symbol, from, to) {
      const out = new Map<number, SecondTrade>();
      const url = config.historyUrl
        .replace('{symbol}', encodeURIComponent(symbol))
        .replace('{from}', String(from))
        .replace('{to}', String(to));
      const response = await fetch(url, { signal: AbortSignal.timeout(HTTP_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`json feed history ${symbol}: HTTP ${response.status}`);
      const rows = pathGet(await response.json(), config.historyFields.items);
      if (!Array.isArray(rows)) throw new Error(`json feed history ${symbol}: not a list`);
      for (const row of rows) {
        const second = Math.floor(toMs(pathGet(row, config.historyFields.time)) / 1000);
        if (second >= from && second <= to)
          out.set(second, { price: asPrice(pathGet(row, config.historyFields.price)), trades: 1, tradeId: null });
      }
      return out;
    },
    // Such providers rarely serve candles: the charts of their products start from the recorded seconds.
    candles: async () => [],
  };
  return new StreamSource(protocol, log);
}

/** The provider's settings as the environment gives them (field lists as "symbol=s,price=p,time=t"). */
export function jsonFeedConfig(raw: {
  wsUrl: string;
  fields: string;
  timeUnit: 's' | 'ms';
  historyUrl: string;
  historyFields: string;
}): JsonFeedConfig {
  const f = parseFieldList(raw.fields);
  const h = parseFieldList(raw.historyFields);
  return {
    wsUrl: raw.wsUrl,
    fields: {
      items: f.items ?? '',
      symbol: f.symbol ?? 's',
      price: f.price ?? 'p',
      time: f.time ?? 't',
      id: f.id ?? null,
    },
    timeUnit: raw.timeUnit,
    historyUrl: raw.historyUrl,
    historyFields: { items: h.items ?? '', time: h.time ?? 't', price: h.price ?? 'c' },
  };
}
