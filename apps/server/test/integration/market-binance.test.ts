import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { settleResult } from '@app/contracts';
import { translate } from '@app/i18n/catalogue';
import { PriceFeedJob } from '../../src/jobs/price-feed.job.ts';
import { SettlementJob } from '../../src/jobs/settlement.job.ts';
import { ADMIN_TOKEN, call, createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { expectedSeries, FakeBinance, toUnits } from '../helpers/fake-binance.ts';

// A real app, feed and settlement job on the real clock, priced by a local exchange that speaks Binance's
// trade stream and REST klines. Every recorded second is checked against the exchange's own trades.

const BTC = 'BTCUSDT';
const ETH = 'ETHUSDT';
const SOL = 'SOLUSDT';
let lastSolTrade: { time: number; price: string };
let t: TestApp;
let fake: FakeBinance;
let feed: PriceFeedJob;
let settlement: SettlementJob;
let trader: NodeJS.Timeout;
let ethTrading = true;
let token: string;
let startSecond: number;
const ids = new Map<string, number>();
let keyCounter = 0;

/** Prices walk in cents but travel as Binance writes them (eight decimals). */
const walk = new Map<string, number>([
  [BTC, 9_500_000],
  [ETH, 331_000],
]);
function nextPrice(symbol: string) {
  const cents = walk.get(symbol)! + Math.round(Math.sin(Date.now() / 700 + symbol.length) * 400);
  walk.set(symbol, cents);
  return (cents / 100).toFixed(8);
}
const cents = (price: string) => toUnits(price, 2);

const op = (url: string, payload: object) =>
  t.admin.inject({ method: 'POST', url, payload, headers: operatorHeaders('alice') }).then((r) => r.json());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until<T>(what: string, read: () => Promise<T>, ok: (v: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await sleep(200);
  }
}

const ticks = async (productId: number, from: number, to: number) =>
  (
    await t.database.db.execute<{ ts: string; price: string; carried: boolean }>(
      sql`SELECT ts, price::text AS price, carried FROM price_ticks WHERE product_id = ${productId} AND ts BETWEEN ${from} AND ${to}
          ORDER BY ts`,
    )
  ).rows.map((r) => ({ ts: Number(r.ts), price: r.price, carried: r.carried }));
const recordedThrough = async (productId: number) =>
  Number(
    (
      await t.database.db.execute<{ n: string }>(
        sql`SELECT recorded_through AS n FROM feed_progress WHERE product_id = ${productId}`,
      )
    ).rows[0]?.n ?? 0,
  );

/** The record of [from, to] is exactly the exchange's (every second present; see expectedSeries). */
async function expectSeriesMatchesExchange(symbol: string, from: number, to: number) {
  const rows = await ticks(ids.get(symbol)!, from, to);
  expect(rows).toEqual(expectedSeries(fake.lastTradeBySecond(symbol), from, to, 2));
}

beforeAll(async () => {
  fake = new FakeBinance();
  const urls = await fake.start();
  t = await createTestApp({ withMetrics: true });
  for (const row of (await t.database.db.execute<{ id: number; symbol: string }>(sql`SELECT id, symbol FROM products`))
    .rows)
    ids.set(row.symbol.replace('/', ''), Number(row.id));
  // The exchange's history before the first start: a trade every 1.7 s over three minutes (so some seconds have none).
  const now = Date.now();
  for (let ms = now - 180_000; ms < now - 1_000; ms += 1_700) {
    fake.trade(BTC, nextPrice(BTC), { time: ms, stream: false });
    fake.trade(ETH, nextPrice(ETH), { time: ms, stream: false });
  }
  // A quiet market: SOL last traded ten minutes ago, before the recorded seconds' window.
  for (let ms = now - 900_000; ms < now - 600_000; ms += 7_000)
    fake.trade(SOL, '238.40000000', { time: ms, stream: false });
  lastSolTrade = fake.trade(SOL, '239.15000000', { time: now - 600_000, stream: false });
  // Operators move two products to Binance (the rest stay simulated), with a 3 s delay limit, and offer 5 s orders.
  for (const symbol of ['BTC%2FUSDT', 'ETH%2FUSDT', 'SOL%2FUSDT']) {
    const moved = await op(`/admin/products/${symbol}`, {
      reason: 'real prices from Binance',
      source: 'binance',
      max_price_age_seconds: 3,
    });
    expect(moved.data).toMatchObject({ source: 'binance', simulated: false, source_pinned: true });
  }
  expect(
    (
      await changeControl(t.admin, '/admin/products/BTC%2FUSDT/terms', {
        reason: 'short period for the test',
        seconds: 5,
        payout_pct: '80',
        min_amount: '10',
        max_amount: '1000',
        max_open_amount: '5000',
      })
    ).code,
  ).toBe(200);
  token = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;

  trader = setInterval(() => {
    fake.trade(BTC, nextPrice(BTC));
    if (ethTrading) fake.trade(ETH, nextPrice(ETH));
  }, 300);
  feed = new PriceFeedJob({
    db: t.database.db,
    url: t.database.url,
    log: silentLog,
    backfill: { days: 2, tickSeconds: 120 },
    sources: { binance: urls },
  });
  settlement = new SettlementJob({ db: t.database.db, log: silentLog });
  startSecond = Math.floor(Date.now() / 1000);
  feed.start();
  settlement.start();
}, 120_000);

afterAll(async () => {
  clearInterval(trader);
  await feed?.stop();
  await settlement?.stop();
  await fake?.stop();
  await t?.close();
});

describe('prices from an exchange (a local fake speaking Binance)', () => {
  it('starts from the exchange history and records each second as the last trade in it, carried when none', async () => {
    const btc = ids.get(BTC)!;
    await until(
      'live seconds',
      () => recordedThrough(btc),
      (n) => n >= startSecond + 4,
      30_000,
    );
    // The first history: the exchange's candles and its last seconds (1 s klines), never the simulator.
    const minutes = await t.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM candles WHERE product_id = ${btc} AND interval = '1m' AND t < ${startSecond - 60}`,
    );
    expect(minutes.rows[0]!.n).toBeGreaterThanOrEqual(2);
    const firstTick = Number(
      (
        await t.database.db.execute<{ ts: string }>(
          sql`SELECT min(ts) AS ts FROM price_ticks WHERE product_id = ${btc}`,
        )
      ).rows[0]!.ts,
    );
    expect(firstTick).toBeLessThan(startSecond - 60);
    await expectSeriesMatchesExchange(BTC, firstTick, await recordedThrough(btc));
    await expectSeriesMatchesExchange(ETH, firstTick + 2, await recordedThrough(ids.get(ETH)!));

    // The quiet market shows its last trade (its minute's close, at that minute's last second), not nothing.
    const sol = await ticks(ids.get(SOL)!, 0, Number.MAX_SAFE_INTEGER);
    const minuteEnd = Math.floor(lastSolTrade.time / 60_000) * 60 + 59;
    expect(sol[0]).toEqual({ ts: minuteEnd, price: cents(lastSolTrade.price), carried: false });
    expect(sol.slice(1).every((r) => r.carried && r.price === cents(lastSolTrade.price))).toBe(true);

    // Every answer that shows a price names its source; products keep their own "simulated".
    const list = await call(t.app, 'GET', '/api/index/ajaxdata');
    const by = new Map(list.data.items.map((p: { symbol: string }) => [p.symbol, p]));
    expect(by.get('BTC/USDT')).toMatchObject({ source: 'binance', simulated: false, delayed: false, live: true });
    expect(by.get('EUR/USD')).toMatchObject({ source: 'simulator', simulated: true });
    expect(list.data.simulated).toBe(true);
    const kline = await call(t.app, 'GET', '/api/index/getkdata?symbol=BTC/USDT&interval=1m');
    expect(kline.data).toMatchObject({ source: 'binance', simulated: false });
    const quote = await call(t.app, 'GET', '/api/index/getprodata?symbol=BTC/USDT');
    expect(quote.data).toMatchObject({ source: 'binance', simulated: false, delayed: false });
  }, 60_000);

  it('ignores duplicate, out-of-order, late and malformed messages', async () => {
    const btc = ids.get(BTC)!;
    const from = (await recordedThrough(btc)) + 1;
    // Out of order within a second: a later trade first, then an earlier one (lower id) with another price.
    const later = fake.trade(BTC, nextPrice(BTC), { id: 5_000_000 });
    fake.trade(BTC, '1.00000000', { id: 4_999_999, time: later.time });
    fake.sendTrade(later); // a duplicate
    // Late: a trade for a second already recorded (not in the exchange's history: a replay).
    fake.sendTrade({ symbol: BTC, id: 6_000_000, price: '2.00000000', time: (from - 3) * 1000 });
    for (const bad of ['1e5', 'NaN', '-5.00', '', '0.00000000', '12,5'])
      fake.sendTrade({ symbol: BTC, id: 7_000_000, price: bad, time: Date.now() });
    fake.sendRaw(BTC, 'not json');
    fake.sendRaw(
      BTC,
      JSON.stringify({ stream: 'btcusdt@trade', data: { e: 'trade', s: BTC, t: 'x', p: '1.0', T: 1 } }),
    );
    await until(
      'seconds after the noise',
      () => recordedThrough(btc),
      (n) => n >= from + 3,
    );
    await expectSeriesMatchesExchange(BTC, from - 5, await recordedThrough(btc));
  }, 30_000);

  it('settles an order placed on the exchange prices at the recorded prices, re-derivable from the exchange', async () => {
    const placed = await call(t.app, 'POST', '/api/user/addorder', {
      token,
      body: { symbol: 'BTC/USDT', seconds: '5', amount: '100', direction: 'up', key: `binance-${++keyCounter}` },
    });
    expect(placed.code).toBe(200);
    expect(placed.data.simulated).toBe(false);
    const id = placed.data.id as number;
    const settled = await until(
      'the order settles',
      async () => (await call(t.app, 'GET', `/api/user/get_this_order?id=${id}`, { token })).data,
      (o) => o.status === 'settled',
      20_000,
    );
    const truth = fake.lastTradeBySecond(BTC);
    const priceAtOrBefore = (second: number) => {
      let best: number | null = null;
      for (const s of truth.keys()) if (s <= second && (best === null || s > best)) best = s;
      return cents(truth.get(best!)!);
    };
    const asText = (c: string) => (Number(c) / 100).toFixed(2);
    expect(settled.open_price).toBe(asText(priceAtOrBefore(settled.open_time)));
    expect(settled.settle_price).toBe(asText(priceAtOrBefore(settled.settle_time)));
    expect(settled.result).toBe(
      settleResult('up', BigInt(priceAtOrBefore(settled.open_time)), BigInt(priceAtOrBefore(settled.settle_time))),
    );

    // The transparency log names the exchange's trade behind each price second the order used: the second's last
    // trade as the stream delivered it, or none (a carried second, or one filled from klines, which carry no id).
    await sequence(t.database.db, signerFromSeed(freshSeed()));
    const { tree_size: size } = (await call(t.app, 'GET', '/api/log/sth')).data;
    const entries = (await call(t.app, 'GET', `/api/log/entries?start=0&end=${size - 1}`)).data.items.map(
      (e: { data: string }) => JSON.parse(e.data),
    );
    const ids = fake.lastTradeIdBySecond(BTC);
    const seconds = entries.filter(
      (e: { type: string; symbol: string; second: number }) =>
        e.type === 'price_second' &&
        e.symbol === 'BTC/USDT' &&
        (e.second === settled.open_time || e.second === settled.settle_time),
    );
    expect(seconds).toHaveLength(2);
    for (const e of seconds) {
      expect(e).toMatchObject({ source: 'binance', price: asText(priceAtOrBefore(e.second)) });
      if (e.trade_id !== null) expect(e.trade_id).toBe(String(ids.get(e.second)));
    }
    expect(seconds.some((e: { trade_id: string | null }) => e.trade_id !== null)).toBe(true);
  }, 40_000);

  it('fills a dropped connection from the REST klines once the stream is back', async () => {
    const btc = ids.get(BTC)!;
    const before = await recordedThrough(btc);
    const rest = fake.restRequests;
    fake.refusing = true;
    fake.dropAll();
    await sleep(3_500);
    // Down: nothing past the drop is recorded (no guess, no simulator).
    expect(await recordedThrough(btc)).toBeLessThanOrEqual(before + 2);
    fake.refusing = false;
    await until(
      'the stream is back',
      async () => fake.connections,
      (n) => n > 0,
      20_000,
    );
    const back = Math.floor(Date.now() / 1000);
    await until(
      'recorded past the reconnection',
      () => recordedThrough(btc),
      (n) => n >= back + 2,
      20_000,
    );
    expect(fake.restRequests).toBeGreaterThan(rest);
    await expectSeriesMatchesExchange(BTC, before - 2, await recordedThrough(btc));
    await expectSeriesMatchesExchange(ETH, before - 2, await recordedThrough(ids.get(ETH)!));
  }, 60_000);

  it('marks a silent product delayed: shown, orders refused, lag metric and readiness report it', async () => {
    const eth = ids.get(ETH)!;
    ethTrading = false;
    const quiet = Math.floor(Date.now() / 1000);
    const product = async () =>
      (await call(t.app, 'GET', '/api/index/ajaxdata?class=crypto')).data.items.find(
        (p: { symbol: string }) => p.symbol === 'ETH/USDT',
      );
    await until('ETH delayed', product, (p) => p.delayed === true, 15_000);
    const btcNow = (await call(t.app, 'GET', '/api/index/goods?symbol=BTC/USDT')).data.product;
    expect(btcNow.delayed).toBe(false);
    expect((await call(t.app, 'GET', '/api/index/goods?symbol=ETH/USDT')).data.product.delayed).toBe(true);

    for (const lang of ['en', 'zh']) {
      const refused = await call(t.app, 'POST', '/api/user/addorder', {
        token,
        lang,
        body: { symbol: 'ETH/USDT', seconds: '30', amount: '100', direction: 'up', key: `delayed-eth-${++keyCounter}` },
      });
      expect(refused.key).toBe('price_delayed');
      expect(refused.msg).toBe(translate(lang as 'en', 'price_delayed'));
    }
    // The record goes on, carried and marked so, while the exchange is silent.
    const carried = await ticks(eth, quiet + 1, await recordedThrough(eth));
    expect(carried.length).toBeGreaterThan(0);
    expect(carried.every((r) => r.carried)).toBe(true);

    const metrics = (
      await t.admin.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
    ).body;
    const lag = Number(/price_feed_lag_seconds\{symbol="ETH\/USDT"\} (\d+)/.exec(metrics)?.[1]);
    expect(lag).toBeGreaterThan(3);
    expect(Number(/price_feed_lag_seconds\{symbol="BTC\/USDT"\} (\d+)/.exec(metrics)?.[1])).toBeLessThanOrEqual(3);
    expect(metrics).toContain('price_feed_delayed{symbol="ETH/USDT"} 1');
    expect(metrics).toContain('price_feed_delayed{symbol="BTC/USDT"} 0');
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    // SOL has not traded for ten minutes: delayed too (the quiet market of the first test).
    expect(ready.json().data.checks.feed.delayed).toEqual(['ETH/USDT', 'SOL/USDT']);

    ethTrading = true;
    await until('ETH trades again', product, (p) => p.delayed === false, 15_000);
  }, 60_000);
});
