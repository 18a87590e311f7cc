import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { settleResult } from '@app/contracts';
import { connect } from '../../src/platform/db/client.ts';
import { runningEmbeddedUrl } from '../../src/platform/db/embedded.ts';
import { testPort } from '../helpers/test-port.ts';
import { expectedSeries, FakeBinance } from '../helpers/fake-binance.ts';
import { startServer, waitFor, type runTs } from './processes.ts';

/**
 * The real server on MARKET_FEED=binance, streaming from a local exchange, killed with SIGKILL during the live feed
 * three times and started again on the same data. Afterwards every second of the whole run is in the record, each
 * the exchange's last trade of that second (or carried), the seconds the server was dead filled from the exchange's
 * klines; an order placed before a kill settled after the restart at the recorded prices, re-derived here.
 */
const CYCLES = 3;
const embedded = inject('pgMode') === 'embedded';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'app-feed-kill-'));
const fake = new FakeBinance();
let trader: NodeJS.Timeout | undefined;
afterAll(async () => {
  clearInterval(trader);
  await fake.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.runIf(embedded)('the server killed during a live exchange feed', () => {
  it('records every second from the exchange across the kills, and settles at recorded prices', async () => {
    const urls = await fake.start();
    const walk = { cents: 9_500_000 };
    const nextPrice = () => {
      walk.cents += Math.round(Math.sin(Date.now() / 500) * 300);
      return (walk.cents / 100).toFixed(8);
    };
    const now = Date.now();
    for (let ms = now - 120_000; ms < now - 1_000; ms += 1_300)
      fake.trade('BTCUSDT', nextPrice(), { time: ms, stream: false });
    trader = setInterval(() => fake.trade('BTCUSDT', nextPrice()), 350);

    const [port, adminPort] = [await testPort(), await testPort()];
    const base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: port,
      ADMIN_PORT: adminPort,
      MARKET_FEED: 'binance',
      BINANCE_WS_URL: urls.wsUrl,
      BINANCE_REST_URL: urls.restUrl,
      BACKFILL_TICK_SECONDS: '60',
    };
    let server: ReturnType<typeof runTs> = await startServer(env);
    // The embedded PostgreSQL goes down with the killed server and comes back (on a port of its own) with the next.
    let database = connect((await runningEmbeddedUrl(dataDir))!, 2);
    const btc = async () =>
      (
        await database.db.execute<{ id: number; through: string | null }>(
          sql`SELECT p.id, f.recorded_through AS through FROM products p
              LEFT JOIN feed_progress f ON f.product_id = p.id WHERE p.symbol = 'BTC/USDT'`,
        )
      ).rows[0]!;
    const through = async () => Number((await btc()).through ?? 0);
    const firstLive = Math.floor(Date.now() / 1000);
    await waitFor(async () => (await through()) >= firstLive + 2, 'the first live seconds', 60_000);

    const login = await fetch(`${base}/api/login/index`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ account: 'demo', password: 'demo1234' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const placed = (await (
      await fetch(`${base}/api/user/addorder`, {
        method: 'POST',
        headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          symbol: 'BTC/USDT',
          seconds: '30',
          amount: '100',
          direction: 'up',
          key: 'feed-kill-order-1',
        }),
      })
    ).json()) as { code: number; key: string; data: { id: number } };
    expect(placed.code, placed.key).toBe(200);

    for (let cycle = 0; cycle < CYCLES; cycle++) {
      await new Promise((r) => setTimeout(r, 1_500 + Math.random() * 2_000));
      server.child.kill('SIGKILL');
      await server.exited;
      // Dead for a few seconds while the exchange goes on trading.
      await new Promise((r) => setTimeout(r, 2_000 + Math.random() * 2_000));
      server = await startServer(env);
      await database.close().catch(() => {});
      database = connect((await runningEmbeddedUrl(dataDir))!, 2);
      const back = Math.floor(Date.now() / 1000);
      await waitFor(async () => (await through()) >= back + 2, `recording after restart ${cycle + 1}`, 90_000);
    }
    const last = await through();
    const { id } = await btc();
    const rows = (
      await database.db.execute<{ ts: string; price: string; carried: boolean }>(
        sql`SELECT ts, price::text AS price, carried FROM price_ticks WHERE product_id = ${id} AND ts BETWEEN ${firstLive} AND ${last}
            ORDER BY ts`,
      )
    ).rows.map((r) => ({ ts: Number(r.ts), price: r.price, carried: r.carried }));
    const truth = fake.lastTradeBySecond('BTCUSDT');
    expect(rows).toEqual(expectedSeries(truth, firstLive, last, 2));

    await waitFor(
      async () =>
        (
          await database.db.execute(
            sql`SELECT 1 FROM contract_orders WHERE id = ${placed.data.id} AND status = 'settled'`,
          )
        ).rows.length > 0,
      'the order settles',
      90_000,
    );
    const order = (
      await database.db.execute<{
        open_time: string;
        open_price: string;
        settle_time: string;
        settle_price: string;
        result: string;
      }>(
        sql`SELECT open_time, open_price::text, settle_time, settle_price::text, result FROM contract_orders WHERE id = ${placed.data.id}`,
      )
    ).rows[0]!;
    const at = (second: number) => expectedSeries(truth, second, second, 2)[0]!.price!;
    expect(order.open_price).toBe(at(Number(order.open_time)));
    expect(order.settle_price).toBe(at(Number(order.settle_time)));
    expect(order.result).toBe(settleResult('up', BigInt(order.open_price), BigInt(order.settle_price)));

    await database.close();
    server.child.kill('SIGTERM');
    await server.exited;
  }, 600_000);
});
