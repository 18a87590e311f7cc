import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { formatPrice } from '@app/contracts';
import { findProduct } from '../../src/modules/market/market.repository.ts';
import { feedState } from '../../src/modules/market/market.table.ts';
import { priceAlerts } from '../../src/modules/alerts/alerts.table.ts';
import { checkAlerts, type FiredAlert } from '../../src/modules/alerts/alerts.service.ts';
import { AlertsJob } from '../../src/jobs/alerts.job.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

let t: TestApp;
let market: MarketHarness;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const watermark = async () => (await t.database.db.select().from(feedState).where(eq(feedState.id, 1)))[0]!.watermark;
const ticks = async (productId: number, after: number, upTo: number) =>
  (
    await t.database.db.execute<{ ts: string; price: string }>(
      sql`SELECT ts, price FROM price_ticks WHERE product_id = ${productId} AND ts > ${after} AND ts <= ${upTo} ORDER BY ts`,
    )
  ).rows.map((r) => ({ ts: Number(r.ts), price: BigInt(r.price) }));
const create = (token: string, body: Record<string, string | number>) =>
  call(t.app, 'POST', '/api/user/alerts', { token, body: { symbol: 'BTC/USDT', ...body } });

describe('price alerts', () => {
  it('fires once, at the first recorded tick that crosses the level or moves enough, on two nodes as well', async () => {
    const u = await registerUser(t.app, t.database);
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    const latest = (await ticks(product.id, 0, market.clock.t)).at(-1)!;
    const unit = (n: bigint) => formatPrice(n, product.precision);
    const up = await create(u.token, { kind: 'cross', price: unit(latest.price + 2n) });
    const down = await create(u.token, { kind: 'cross', price: unit(latest.price - 2n) });
    const move = await create(u.token, { kind: 'move', pct: '0.01', minutes: 1 });
    for (const a of [up, down, move]) expect(a.code).toBe(200);
    expect(up.data).toMatchObject({ direction: 'above', status: 'active', base_price: unit(latest.price) });
    expect(down.data.direction).toBe('below');

    // Two nodes, each with its own alerts job, over one database.
    const fired: FiredAlert[] = [];
    const jobs = [0, 1].map(
      () =>
        new AlertsJob({
          db: t.database.db,
          url: t.database.url,
          log: silentLog,
          onFired: async (f) => void fired.push(...f),
        }),
    );
    try {
      for (let i = 0; i < 6; i++) {
        await market.advance(20);
        const passes = await Promise.all(jobs.map((j) => j.runOnce()));
        expect(passes.filter((p) => p !== null)).toHaveLength(1); // only the leader ran
        // Checkers without the lock (a stale leader, say) still fire nothing twice.
        const extra = await Promise.all([
          checkAlerts(t.database.db, await watermark()),
          checkAlerts(t.database.db, await watermark()),
        ]);
        fired.push(...extra.flat());
      }
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }

    const after = await ticks(product.id, latest.ts, await watermark());
    const expectFirst = {
      [up.data.id]: after.find((k) => k.price >= latest.price + 2n),
      [down.data.id]: after.find((k) => k.price <= latest.price - 2n),
      [move.data.id]: after.find((k) => {
        const window = [latest, ...after].filter((w) => w.ts >= Math.max(k.ts - 60, latest.ts) && w.ts < k.ts);
        return window.some((w) => {
          const d = k.price > w.price ? k.price - w.price : w.price - k.price;
          return d * 10_000n >= 1n * w.price;
        });
      }),
    };
    expect(Object.values(expectFirst).some(Boolean)).toBe(true);
    const list = (await call(t.app, 'GET', '/api/user/alerts?symbol=BTC/USDT', { token: u.token })).data;
    for (const [id, first] of Object.entries(expectFirst)) {
      const shown = list.items.find((a: { id: number }) => a.id === Number(id));
      const times = fired.filter((f) => f.id === Number(id));
      if (first) {
        expect(shown.status).toBe('fired');
        expect(shown.fired_tick).toEqual({ ts: first.ts, price: unit(first.price) });
        expect(times).toHaveLength(1);
        expect(times[0]!.ts).toBe(first.ts);
        // Its one inbox message names the symbol and the recorded price that fired it.
        const messages = await t.database.db.execute<{ params: { symbol: string; price: string } }>(
          sql`SELECT params FROM inbox_messages WHERE reference = ${`alert:${id}:fired`}`,
        );
        expect(messages.rows.map((m) => m.params)).toEqual([
          expect.objectContaining({ symbol: 'BTC/USDT', price: unit(first.price) }),
        ]);
      } else {
        expect(shown.status).toBe('active');
        expect(times).toHaveLength(0);
      }
    }
  }, 60_000);

  it('keeps at most 20 active alerts per user, also under concurrent requests; cancelling frees a place', async () => {
    const u = await registerUser(t.app, t.database);
    const answers = await Promise.all(
      Array.from({ length: 24 }, (_, i) => create(u.token, { kind: 'move', pct: String(1 + i), minutes: 5 })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.code !== 200);
    expect(refused.every((a) => a.key === 'alert_limit' && a.msg.includes('20'))).toBe(true);
    const list = (await call(t.app, 'GET', '/api/user/alerts', { token: u.token })).data;
    expect(list).toMatchObject({ active: 20, max: 20 });
    const first = answers.find((a) => a.code === 200)!.data.id;
    expect((await call(t.app, 'POST', '/api/user/alerts/cancel', { token: u.token, body: { id: first } })).code).toBe(
      200,
    );
    expect((await create(u.token, { kind: 'move', pct: '3', minutes: 5 })).code).toBe(200);
  });

  it('refuses bad input and another user’s alert without changing anything', async () => {
    const u = await registerUser(t.app, t.database);
    const other = await registerUser(t.app, t.database);
    const before = await t.database.db.select().from(priceAlerts);
    expect((await create(u.token, { kind: 'cross', price: 'abc' })).key).toBe('invalid_request');
    expect((await create(u.token, { kind: 'cross', price: '1.123456789' })).key).toBe('invalid_request');
    expect((await create(u.token, { kind: 'move', pct: '1', minutes: 999 })).key).toBe('invalid_request');
    expect((await create(u.token, { kind: 'cross', symbol: 'NOPE', price: '1' })).key).toBe('product_not_found');
    expect((await t.database.db.select().from(priceAlerts)).length).toBe(before.length);
    const mine = await create(u.token, { kind: 'move', pct: '5', minutes: 5 });
    const theirs = await call(t.app, 'POST', '/api/user/alerts/cancel', {
      token: other.token,
      body: { id: mine.data.id },
    });
    expect(theirs.key).toBe('alert_not_found');
  });
});
