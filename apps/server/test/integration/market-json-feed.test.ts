import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import { PriceFeedJob } from '../../src/jobs/price-feed.job.ts';
import { jsonFeedConfig } from '../../src/modules/market/index.ts';
import { createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { expectedSeries } from '../helpers/fake-binance.ts';

// A quote provider that speaks JSON over a WebSocket, described to the server only by configuration (URL and
// field paths): its quotes recorded as one price per second, its history filling a dropped connection.

type Quote = { sym: string; mid: string; ts: number };
const quotes: Quote[] = [];
const sockets = new Set<WebSocket>();
let refusing = false;
const server = http.createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x');
  const from = Number(url.searchParams.get('from')) * 1000;
  const to = Number(url.searchParams.get('to')) * 1000 + 999;
  const sym = url.searchParams.get('symbol');
  // Per second, the last quote in it (by time, then arrival), as the provider's history serves it.
  const last = new Map<number, Quote>();
  for (const q of quotes)
    if (q.sym === sym && q.ts >= from && q.ts <= to) {
      const s = Math.floor(q.ts / 1000);
      if (!last.has(s) || q.ts >= last.get(s)!.ts) last.set(s, q);
    }
  const seconds = [...last.values()].map((q) => ({ t: q.ts, close: q.mid }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ seconds }));
});
const wss = new WebSocketServer({ noServer: true });
server.on('upgrade', (req, socket, head) => {
  if (refusing) return socket.destroy();
  wss.handleUpgrade(req, socket, head, (ws) => {
    sockets.add(ws);
    ws.on('close', () => sockets.delete(ws));
  });
});
const send = (message: object) => {
  for (const s of sockets) s.send(JSON.stringify(message));
};
function quote(mid: string, ts = Date.now(), stream = true) {
  const q = { sym: 'XAUUSD', mid, ts };
  quotes.push(q);
  if (stream) send({ type: 'quotes', data: [q] });
  return q;
}
const truth = () => {
  const last = new Map<number, Quote>();
  for (const q of quotes) {
    const s = Math.floor(q.ts / 1000);
    if (!last.has(s) || q.ts >= last.get(s)!.ts) last.set(s, q);
  }
  return new Map([...last].map(([s, q]) => [s, q.mid]));
};

let t: TestApp;
let feed: PriceFeedJob;
let ticker: NodeJS.Timeout;
let productId: number;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const through = async () =>
  Number(
    (
      await t.database.db.execute<{ n: string }>(
        sql`SELECT recorded_through AS n FROM feed_progress WHERE product_id = ${productId}`,
      )
    ).rows[0]?.n ?? 0,
  );
async function until(check: () => Promise<boolean>, what: string, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}
async function expectRecordMatchesProvider(from: number, to: number) {
  const rows = (
    await t.database.db.execute<{ ts: string; price: string; carried: boolean }>(
      sql`SELECT ts, price::text AS price, carried FROM price_ticks WHERE product_id = ${productId}
          AND ts BETWEEN ${from} AND ${to} ORDER BY ts`,
    )
  ).rows.map((r) => ({ ts: Number(r.ts), price: r.price, carried: r.carried }));
  expect(rows).toEqual(expectedSeries(truth(), from, to, 2));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  const now = Date.now();
  for (let ms = now - 180_000; ms < now - 1_000; ms += 2_300) quote((2650 + Math.sin(ms / 9e4)).toFixed(2), ms, false);
  t = await createTestApp();
  // An operator adds a gold product priced by the provider (24x7 here, so the test runs on any day).
  const added = await t.admin
    .inject({
      method: 'POST',
      url: '/admin/products',
      headers: operatorHeaders('alice'),
      payload: {
        reason: 'gold from the quote provider',
        symbol: 'GOLD24',
        name: 'Gold around the clock',
        class: 'metals',
        session: '24x7',
        precision: 2,
        source: 'json',
        source_symbol: 'XAUUSD',
        seed_price: '2650.00',
        max_price_age_seconds: 5,
      },
    })
    .then((r) => r.json());
  expect(added.data).toMatchObject({ symbol: 'GOLD24', source: 'json', simulated: false, price: null });
  productId = Number(
    (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM products WHERE symbol = 'GOLD24'`)).rows[0]!.id,
  );
  feed = new PriceFeedJob({
    db: t.database.db,
    url: t.database.url,
    log: silentLog,
    backfill: { days: 1, tickSeconds: 120 },
    sources: {
      json: jsonFeedConfig({
        wsUrl: `ws://${base}/quotes?symbols={symbols}`,
        fields: 'items=data,symbol=sym,price=mid,time=ts',
        timeUnit: 'ms',
        historyUrl: `http://${base}/history?symbol={symbol}&from={from}&to={to}`,
        historyFields: 'items=seconds,time=t,price=close',
      }),
    },
  });
  ticker = setInterval(() => quote((2650 + Math.sin(Date.now() / 3e3)).toFixed(2)), 350);
  feed.start();
}, 120_000);

afterAll(async () => {
  clearInterval(ticker);
  await feed?.stop();
  for (const s of sockets) s.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await t?.close();
});

it('records the provider quotes as one price per second, ignoring duplicates and stale quotes', async () => {
  const started = Math.floor(Date.now() / 1000);
  await until(async () => (await through()) >= started + 3, 'live seconds');
  // A duplicate, then a quote older than the second's latest (out of order), both in the same second.
  const latest = quote('2655.55');
  send({ type: 'quotes', data: [latest] });
  send({ type: 'quotes', data: [{ sym: 'XAUUSD', mid: '2600.00', ts: latest.ts - 1 }] });
  quotes.push({ sym: 'XAUUSD', mid: '2600.00', ts: latest.ts - 1 });
  send({ type: 'quotes', data: [{ sym: 'XAUUSD', mid: '1e3', ts: Date.now() }] });
  const mark = Math.floor(Date.now() / 1000);
  await until(async () => (await through()) >= mark + 2, 'seconds after the noise');
  const first = Number(
    (
      await t.database.db.execute<{ ts: string }>(
        sql`SELECT min(ts) AS ts FROM price_ticks WHERE product_id = ${productId}`,
      )
    ).rows[0]!.ts,
  );
  // The first start's seconds came from the provider's history (two minutes back), then the stream.
  expect(first).toBeLessThan(started - 60);
  await expectRecordMatchesProvider(first, await through());
}, 60_000);

it('fills a dropped connection from the provider history', async () => {
  const before = await through();
  refusing = true;
  for (const s of sockets) s.terminate();
  await sleep(3_000);
  refusing = false;
  await until(async () => sockets.size > 0, 'the stream is back');
  const back = Math.floor(Date.now() / 1000);
  await until(async () => (await through()) >= back + 2, 'recorded past the reconnection');
  await expectRecordMatchesProvider(before - 2, await through());
}, 60_000);
