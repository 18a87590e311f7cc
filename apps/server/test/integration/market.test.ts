import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { AddressInfo } from 'node:net';
import { INTERVAL_SECONDS, type Candle } from '@app/contracts';
import { aggregate } from '../../src/modules/market/candle-math.ts';
import { candlesBefore, findProduct, ticksBetween } from '../../src/modules/market/market.repository.ts';
import { call, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

let t: TestApp;
let market: MarketHarness;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ withHub: true }));
  await market.advance(150);
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

describe('market data endpoints', () => {
  it('lists products by class and search, with prices, changes, statuses and the simulated label', async () => {
    const all = await call(t.app, 'GET', '/api/index/ajaxdata');
    expect(all.data.simulated).toBe(true);
    expect(all.data.items).toHaveLength(20);
    expect(new Set(all.data.items.map((p: { class: string }) => p.class))).toEqual(
      new Set(['forex', 'metals', 'futures', 'stocks', 'crypto']),
    );
    const crypto = await call(t.app, 'GET', '/api/index/ajaxdata?class=crypto');
    expect(crypto.data.items.map((p: { symbol: string }) => p.symbol)).toEqual([
      'BTC/USDT',
      'ETH/USDT',
      'SOL/USDT',
      'BNB/USDT',
      'XRP/USDT',
      'DOGE/USDT',
    ]);
    for (const p of crypto.data.items) {
      expect(p.status).toBe('trading');
      expect(p.price).toMatch(/^\d+\.\d+$/);
      expect(p.price.split('.')[1].length).toBe(p.precision);
      expect(p.change_pct).toMatch(/^-?\d+\.\d{2}$/);
      expect(p.price_time).toBe(market.clock.t);
    }
    const stocks = await call(t.app, 'GET', '/api/index/ajaxdata?class=stocks');
    expect(stocks.data.items.every((p: { status: string; price: string }) => p.status === 'closed' && p.price)).toBe(
      true,
    );
    const search = await call(t.app, 'GET', '/api/index/ajaxdata?q=gold');
    expect(search.data.items.map((p: { symbol: string }) => p.symbol)).toEqual(['XAU/USD']);
  });

  it('pages K-lines back in time with a before cursor, for every interval', async () => {
    for (const interval of ['1m', '5m', '15m', '30m', '1h', '1d']) {
      const page = await call(t.app, 'GET', `/api/index/getkdata?symbol=BTC/USDT&interval=${interval}&count=5`);
      const candles: Candle[] = page.data.candles;
      expect(candles.length).toBeGreaterThan(0);
      for (let i = 1; i < candles.length; i++)
        expect(candles[i]!.t - candles[i - 1]!.t).toBeGreaterThanOrEqual(INTERVAL_SECONDS[interval as '1m']);
      const older = await call(
        t.app,
        'GET',
        `/api/index/getkdata?symbol=BTC/USDT&interval=${interval}&count=5&before=${candles[0]!.t}`,
      );
      if (older.data.candles.length) expect(older.data.candles.at(-1).t).toBeLessThan(candles[0]!.t);
    }
    const minutes = await call(t.app, 'GET', '/api/index/getkdata?symbol=BTC/USDT&interval=1m&count=1000');
    expect(minutes.data.candles.length).toBeGreaterThan(1000 - 1);
    expect((await call(t.app, 'GET', '/api/index/getkdata?symbol=NOPE&interval=1m')).key).toBe('product_not_found');
    expect((await call(t.app, 'GET', '/api/index/getkdata?symbol=BTC/USDT&interval=2m')).code).toBe(400);
  });

  it('keeps every live candle equal to an aggregation of the recorded seconds', async () => {
    const product = (await findProduct(t.database.db, 'ETH/USDT'))!;
    const from = market.clock.t - 150;
    const ticks = await ticksBetween(t.database.db, product.id, from - 600, market.clock.t);
    for (const interval of ['1m', '5m'] as const) {
      const stored = await candlesBefore(t.database.db, product.id, interval, 50);
      const expected = aggregate(
        ticks.map((x) => ({ ts: x.ts, price: x.price, volume: x.volume })),
        interval,
      );
      // Only buckets entirely covered by recorded seconds (the backfill's older history is coarser).
      const covered = expected.filter((k) => k.t >= ticks[0]!.ts);
      expect(covered.length).toBeGreaterThan(1);
      for (const k of covered) {
        const row = stored.find((s) => s.t === k.t)!;
        expect({ t: row.t, o: row.o, h: row.h, l: row.l, c: row.c, v: row.v }).toEqual({
          t: k.t,
          o: k.o,
          h: k.h,
          l: k.l,
          c: k.c,
          v: k.v,
        });
      }
    }
  });

  it('answers latest prices, the day figures, the fluctuation line, terms and product details', async () => {
    const pro = await call(t.app, 'GET', '/api/index/ajaxpro?symbols=BTC/USDT,ETH/USDT');
    expect(pro.data.items.map((i: { s: string }) => i.s).sort()).toEqual(['BTC/USDT', 'ETH/USDT']);
    const day = await call(t.app, 'GET', '/api/index/getprodata?symbol=btc/usdt');
    expect(day.data).toMatchObject({ symbol: 'BTC/USDT', status: 'trading', simulated: true, time: market.clock.t });
    for (const f of ['open', 'high', 'low', 'close', 'now']) expect(day.data[f]).toMatch(/^\d+\.\d{2}$/);
    expect(Number(day.data.high)).toBeGreaterThanOrEqual(Number(day.data.low));
    const line = await call(t.app, 'GET', '/api/index/ticks?symbol=BTC/USDT&seconds=60');
    expect(line.data.items).toHaveLength(60);
    const terms = await call(t.app, 'GET', '/api/index/seconds?symbol=BTC/USDT');
    expect(terms.data.items.map((i: { seconds: number }) => i.seconds)).toEqual([30, 60, 120, 300]);
    expect(terms.data.items[0]).toMatchObject({
      payout_pct: '80.00',
      loss_pct: '100.00',
      fee_pct: '0.50',
      min_amount: '10.00',
    });
    const goods = await call(t.app, 'GET', '/api/index/goods?symbol=AAPL');
    expect(goods.data.product.status).toBe('closed');
    expect(goods.data.session).toBe('us_equities');
    expect(goods.data.next_change).toBe(Math.floor(Date.parse('2026-11-23T14:30:00Z') / 1000));
  });
});

describe('live quote stream', () => {
  it('pushes subscribed ticks as the feed records them, and nothing for other symbols', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/stream`);
    const messages: any[] = [];
    ws.on('message', (m) => messages.push(JSON.parse(m.toString())));
    await new Promise((r) => ws.on('open', r));
    ws.send(JSON.stringify({ op: 'sub', symbols: ['BTC/USDT', 'NOT/REAL'] }));
    ws.send('not json');
    await new Promise((r) => setTimeout(r, 200));
    await market.advance(1);
    const deadline = Date.now() + 5_000;
    while (!messages.some((m) => m.type === 'tick' && m.t === market.clock.t) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    const ticks = messages.filter((m) => m.type === 'tick');
    expect(ticks.some((m) => m.s === 'BTC/USDT' && m.t === market.clock.t)).toBe(true);
    expect(ticks.every((m) => m.s === 'BTC/USDT')).toBe(true);
    expect(messages.some((m) => m.type === 'error' && m.key === 'invalid_request')).toBe(true);
    ws.close();
  });
});
