import { afterAll, beforeAll, expect, it } from 'vitest';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { call, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

let t: TestApp;
let market: MarketHarness;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ withHub: true }));
  await market.advance(30);
  // The feed's notifications of those seconds have reached the hub.
  await new Promise((r) => setTimeout(r, 300));
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

type Quote = { symbol: string; price: string; price_time: number };
const btc = async () =>
  (await call<{ items: Quote[] }>(t.app, 'GET', '/api/index/ajaxdata?class=crypto')).data.items.find(
    (p) => p.symbol === 'BTC/USDT',
  )!;

const latestBtc = async () =>
  (await call<{ items: { s: string; t: number }[] }>(t.app, 'GET', '/api/index/ajaxpro?symbols=BTC/USDT')).data
    .items[0]!.t;

it('answers from memory until the hub hears the next recorded second, then from the new record', async () => {
  const before = await btc();
  expect(await latestBtc()).toBe(before.price_time);
  // A second written without the feed's notification: no node has heard of it yet.
  const id = (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM products WHERE symbol = 'BTC/USDT'`))
    .rows[0]!.id;
  const ts = before.price_time + 1;
  await t.database.db
    .execute(sql`INSERT INTO price_ticks (product_id, ts, price, volume) VALUES (${id}, ${ts}, 123456789, 1)
    ON CONFLICT (product_id, ts) DO UPDATE SET price = excluded.price`);
  expect(await btc()).toEqual(before);
  expect(await latestBtc()).toBe(before.price_time);

  t.hub!.publish([]);
  const after = await btc();
  expect(after.price_time).toBe(ts);
  expect(after.price).not.toBe(before.price);
  expect(await latestBtc()).toBe(ts);
});

it('sends the same answer compressed and in the asker language, each made once per recorded second', async () => {
  const plain = await t.app.inject({
    method: 'GET',
    url: '/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200',
  });
  const br = await t.app.inject({
    method: 'GET',
    url: '/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200',
    headers: { 'accept-encoding': 'gzip, deflate, br', lang: 'de' },
  });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  const german = JSON.parse(brotliDecompressSync(br.rawPayload).toString());
  const english = plain.json();
  expect(german.data).toEqual(english.data);
  expect(german.data.candles.length).toBeGreaterThan(0);
  expect(german.msg).not.toBe(english.msg);
  // A product that does not exist is refused as ever, and the refusal is not kept.
  const missing = await call(t.app, 'GET', '/api/index/getkdata?symbol=NOPE&interval=1m');
  expect(missing.key).toBe('product_not_found');
});
