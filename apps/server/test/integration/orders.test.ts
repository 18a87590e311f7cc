import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { formatPrice, settleResult } from '@app/contracts';
import { connect } from '../../src/platform/db/client.ts';
import { contractOrders } from '../../src/modules/orders/orders.table.ts';
import { findProduct, priceAt } from '../../src/modules/market/market.repository.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { HOUSE_SHARDS, houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { settleDueOrders } from '../../src/modules/orders/orders.service.ts';
import { openStakeDrift } from '../../src/modules/orders/index.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { SettlementJob } from '../../src/jobs/settlement.job.ts';
import { call, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

let t: TestApp;
let market: MarketHarness;
let demoToken: string;
let keyCounter = 0;
const key = () => `k${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
  demoToken = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const order = (token: string, body: Record<string, string>) =>
  call(t.app, 'POST', '/api/user/addorder', {
    token,
    body: { symbol: 'BTC/USDT', seconds: '30', amount: '100', direction: 'up', key: key(), ...body },
  });
const balances = async (token: string) => (await call(t.app, 'GET', '/api/user/index', { token })).data.balances;
const orderCount = async () =>
  Number((await t.database.db.execute(sql`select count(*)::int as n from contract_orders`)).rows[0]!.n);
const op = (url: string, payload: object) =>
  t.admin.inject({ method: 'POST', url, payload, headers: operatorHeaders('cole') }).then((r) => r.json());

async function fund(userId: number, cents: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${userId}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: cents }],
    }),
  );
}

describe('placing an order', () => {
  it('opens at the recorded price of the latest second and moves stake and fee in one journal', async () => {
    const before = await balances(demoToken);
    const answer = await order(demoToken, { amount: '100' });
    expect(answer.code).toBe(200);
    const o = answer.data;
    expect(o).toMatchObject({
      symbol: 'BTC/USDT',
      direction: 'up',
      amount: '100.00',
      fee: '0.50',
      seconds: 30,
      payout_pct: '80.00',
      status: 'open',
      simulated: true,
    });
    expect(o.open_time).toBe(market.clock.t);
    expect(o.settle_time).toBe(o.open_time + 30);
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    const recorded = await priceAt(t.database.db, product.id, o.open_time);
    expect(recorded!.ts).toBe(o.open_time);
    expect(o.open_price).toBe(formatPrice(recorded!.price, product.precision));
    const after = await balances(demoToken);
    expect(Number(before.available) - Number(after.available)).toBeCloseTo(100.5, 2);
    expect(Number(after.frozen) - Number(before.frozen)).toBeCloseTo(100, 2);
    const journals = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_journals where reference = ${`order:${o.id}:open`}`,
    );
    expect(journals.rows[0]!.n).toBe(1);
  });

  it('ignores client-sent prices and rates', async () => {
    const answer = await call(t.app, 'POST', '/api/user/addorder', {
      token: demoToken,
      body: {
        symbol: 'BTC/USDT',
        seconds: '30',
        amount: '10',
        direction: 'down',
        key: key(),
        open_price: '1',
        payout_pct: '500',
        price: '1',
      },
    });
    expect(answer.code).toBe(200);
    expect(answer.data.payout_pct).toBe('80.00');
    expect(answer.data.open_price).not.toBe('1');
  });

  const refusals: Array<[string, Record<string, string>, string]> = [
    ['an unknown product', { symbol: 'NOPE/USD' }, 'product_not_found'],
    ['a closed market', { symbol: 'AAPL' }, 'non_trading_time'],
    ['a period that is not offered', { seconds: '45' }, 'invalid_request'],
    ['an amount below the minimum', { amount: '5' }, 'amount_min'],
    ['an amount above the maximum', { amount: '20000' }, 'amount_max'],
    ['a malformed amount', { amount: '1.234' }, 'invalid_request'],
    ['a missing idempotency key', { key: '' }, 'invalid_request'],
  ];
  for (const [what, body, expected] of refusals) {
    it(`refuses ${what} with "${expected}" and changes nothing`, async () => {
      const before = await balances(demoToken);
      const count = await orderCount();
      const answer = await order(demoToken, body);
      expect(answer.key).toBe(expected);
      expect(answer.msg).not.toContain('{{');
      expect(await balances(demoToken)).toEqual(before);
      expect(await orderCount()).toBe(count);
    });
  }

  it('says prices are starting, not trading, while a product in session has no recent recorded price', async () => {
    // A minute passes that the feed has not recorded yet (a fresh start still writing its history).
    market.clock.t += 60;
    const stale = (await call(t.app, 'GET', '/api/index/ajaxdata?class=crypto')).data.items.find(
      (p: { symbol: string }) => p.symbol === 'BTC/USDT',
    );
    expect(stale).toMatchObject({ status: 'trading', live: false });
    const before = await balances(demoToken);
    const count = await orderCount();
    const refused = await order(demoToken, { amount: '10' });
    expect(refused.key).toBe('prices_starting');
    expect(refused.msg).toMatch(/prices/i);
    expect(await balances(demoToken)).toEqual(before);
    expect(await orderCount()).toBe(count);
    // The feed catches up: live again, and orders open.
    await market.feed.runOnce();
    const live = (await call(t.app, 'GET', '/api/index/goods?symbol=BTC/USDT')).data.product;
    expect(live).toMatchObject({ status: 'trading', live: true });
    expect((await order(demoToken, { amount: '10' })).code).toBe(200);
  });

  it('refuses a suspended product, and trades again once allowed (audited)', async () => {
    expect((await op('/admin/products/ETH%2FUSDT/forbid', { reason: 'exchange incident' })).data.forbidden).toBe(true);
    const refused = await order(demoToken, { symbol: 'ETH/USDT', amount: '10' });
    expect(refused.key).toBe('trading_forbidden');
    const goods = await call(t.app, 'GET', '/api/index/goods?symbol=ETH/USDT');
    expect(goods.data.product.status).toBe('forbidden');
    await op('/admin/products/ETH%2FUSDT/allow', { reason: 'incident resolved' });
    expect((await order(demoToken, { symbol: 'ETH/USDT', amount: '10' })).code).toBe(200);
  });

  it('refuses an open stake above the maximum and an unaffordable stake', async () => {
    // Terms that weaken the house's wait for a second operator: the content operator proposes, an admin approves.
    await changeControl(
      t.admin,
      '/admin/products/SOL%2FUSDT/terms',
      {
        reason: 'tighter limits for a test',
        seconds: 60,
        payout_pct: '85',
        loss_pct: '100',
        fee_pct: '1',
        min_amount: '10',
        max_amount: '100',
        max_open_amount: '150',
        presets: ['10', '50', '100'],
      },
      { maker: 'cole', checker: 'alice' },
    );
    const terms = await t.admin.inject({
      method: 'GET',
      url: '/admin/products/SOL%2FUSDT/terms',
      headers: operatorHeaders('cole'),
    });
    const set = terms.json().data.items.find((i: { seconds: number }) => i.seconds === 60);
    expect(set).toMatchObject({
      seconds: 60,
      payout_pct: '85.00',
      fee_pct: '1.00',
      max_open_amount: '150.00',
      presets: ['10.00', '50.00', '100.00'],
    });
    const seconds = await call(t.app, 'GET', '/api/index/seconds?symbol=SOL/USDT');
    expect(seconds.data.items.find((i: { seconds: number }) => i.seconds === 60).max_open_amount).toBe('150.00');
    expect((await order(demoToken, { symbol: 'SOL/USDT', seconds: '60', amount: '100' })).code).toBe(200);
    const over = await order(demoToken, { symbol: 'SOL/USDT', seconds: '60', amount: '60' });
    expect(over.key).toBe('holding_max_amount');
    expect(over.msg).toContain('150.00');

    const poor = await registerUser(t.app, t.database);
    const broke = await order(poor.token, { amount: '10' });
    expect(broke.key).toBe('balance_insufficient');
    expect(await balances(poor.token)).toMatchObject({ available: '0.00', frozen: '0.00' });
  });

  it('needs a login', async () => {
    expect((await call(t.app, 'POST', '/api/user/addorder', { body: { symbol: 'BTC/USDT' } })).code).toBe(401);
  });

  it('checks the session in the transaction that places: revoked, idle, locked and unknown are refused beside orders placed', async () => {
    const users = await Promise.all(Array.from({ length: 4 }, () => registerUser(t.app, t.database)));
    for (const u of users) await fund(u.user.id, 100_000n);
    const [fine, revoked, idle, locked] = users as [
      (typeof users)[0],
      (typeof users)[0],
      (typeof users)[0],
      (typeof users)[0],
    ];
    const db = t.database.db;
    await db.execute(sql`UPDATE sessions SET revoked_at = now() WHERE user_id = ${revoked.user.id}`);
    await db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE user_id = ${idle.user.id}`);
    await db.execute(sql`UPDATE users SET locked = true WHERE id = ${locked.user.id}`);
    // Seen two minutes ago: placing marks it seen, as any signed-in request does.
    await db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = ${fine.user.id}`,
    );
    const count = await orderCount();
    // Sent together, so that they share placement batches.
    const answers = await Promise.all([
      order(fine.token, { amount: '10' }),
      order(revoked.token, { amount: '10' }),
      order(idle.token, { amount: '10' }),
      order(locked.token, { amount: '10' }),
      order('A'.repeat(43), { amount: '10' }),
      order(fine.token, { amount: '10' }),
    ]);
    expect(answers.map((a) => a.key)).toEqual([
      'operation_succeeded',
      'session_expired',
      'session_expired',
      'account_locked',
      'session_expired',
      'operation_succeeded',
    ]);
    expect(await orderCount()).toBe(count + 2);
    const placed = await db.execute<{ user_id: string; n: number }>(
      sql`SELECT user_id, count(*)::int AS n FROM contract_orders WHERE user_id IN (${sql.join(
        users.map((u) => sql`${u.user.id}`),
        sql`, `,
      )}) GROUP BY user_id`,
    );
    expect(placed.rows.map((r) => [Number(r.user_id), r.n])).toEqual([[fine.user.id, 2]]);
    const seen = await db.execute<{ recent: boolean }>(
      sql`SELECT last_seen_at > now() - interval '1 minute' AS recent FROM sessions WHERE user_id = ${fine.user.id}`,
    );
    expect(seen.rows[0]!.recent).toBe(true);
  });
});

describe('idempotency and races', () => {
  it('returns the first order for a replayed key and refuses the key with another body', async () => {
    const k = key();
    const first = await order(demoToken, { key: k, amount: '20' });
    const count = await orderCount();
    const replay = await order(demoToken, { key: k, amount: '20' });
    expect(replay.data).toEqual(first.data);
    expect(await orderCount()).toBe(count);
    expect((await order(demoToken, { key: k, amount: '30' })).key).toBe('idempotency_conflict');
  });

  it('refuses a key another money flow used, opening nothing, and replays a key whatever the market does now', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 100_000n);
    const taken = key();
    await t.database.db.execute(sql`
      INSERT INTO idempotency_keys (user_id, key, scope, request_hash, status_code, response)
      VALUES (${u.user.id}, ${taken}, 'wallet.withdraw', 'another-request', 200, '{}'::jsonb)`);
    const count = await orderCount();
    expect((await order(u.token, { key: taken, amount: '10' })).key).toBe('idempotency_conflict');
    expect(await orderCount()).toBe(count);
    expect(await balances(u.token)).toMatchObject({ available: '1000.00', frozen: '0.00' });

    // A retry of an order that opened gets its answer even once the product is suspended.
    const k = key();
    const first = await order(u.token, { key: k, amount: '10', symbol: 'btc/usdt' });
    expect(first.code).toBe(200);
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    await t.database.db.execute(sql`UPDATE products SET forbidden = true WHERE id = ${product.id}`);
    try {
      expect((await order(u.token, { key: k, amount: '10' })).data).toEqual(first.data);
      expect((await order(u.token, { amount: '10' })).key).toBe('trading_forbidden');
    } finally {
      await t.database.db.execute(sql`UPDATE products SET forbidden = false WHERE id = ${product.id}`);
    }
  });

  it('lets exactly 10 of 50 concurrent orders through a balance that affords 10', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 10n * 1_005n); // ten orders of 10.00 U + 0.05 U fee
    const answers = await Promise.all(Array.from({ length: 50 }, () => order(u.token, { amount: '10' })));
    expect(answers.filter((a) => a.code === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.key === 'balance_insufficient')).toHaveLength(40);
    expect(await balances(u.token)).toMatchObject({ available: '0.00', frozen: '100.00' });
  });

  it('answers each order of a busy moment as if it came alone: limits, refusals and replays within one batch', async () => {
    const [poor, replayer, conflicted] = [
      await registerUser(t.app, t.database),
      await registerUser(t.app, t.database),
      await registerUser(t.app, t.database),
    ];
    await fund(poor.user.id, 3n * 1_005n);
    await fund(replayer.user.id, 100_000n);
    await fund(conflicted.user.id, 100_000n);
    const before = await orderCount();
    const same = key();
    const clash = key();
    const answers = await Promise.all([
      ...Array.from({ length: 8 }, () => order(poor.token, { amount: '10' })),
      ...Array.from({ length: 6 }, () => order(replayer.token, { amount: '10', key: same })),
      order(conflicted.token, { amount: '10', key: clash }),
      order(conflicted.token, { amount: '20', key: clash }),
    ]);
    const poorAnswers = answers.slice(0, 8);
    expect(poorAnswers.filter((a) => a.code === 200)).toHaveLength(3);
    expect(poorAnswers.filter((a) => a.key === 'balance_insufficient')).toHaveLength(5);
    const replays = answers.slice(8, 14);
    expect(replays.every((a) => a.code === 200)).toBe(true);
    expect(new Set(replays.map((a) => a.data.id)).size).toBe(1);
    const clashes = answers.slice(14);
    expect(clashes.filter((a) => a.code === 200)).toHaveLength(1);
    expect(clashes.filter((a) => a.key === 'idempotency_conflict')).toHaveLength(1);
    expect(await orderCount()).toBe(before + 3 + 1 + 1);
    expect(await balances(poor.token)).toMatchObject({ available: '0.00', frozen: '30.00' });
    // A refused order's key is not spent: funded now, the same key places the order.
    const refusedKey = key();
    expect((await order(poor.token, { amount: '10', key: refusedKey })).key).toBe('balance_insufficient');
    await fund(poor.user.id, 1_005n);
    expect((await order(poor.token, { amount: '10', key: refusedKey })).code).toBe(200);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });

  it('places the orders of many users at once, sharing batches, to the cent: balances, fee shards, ledger, open stakes', async () => {
    const feeShards = async () =>
      BigInt(
        (
          await t.database.db.execute<{ sum: string }>(
            sql`SELECT coalesce(sum(balance), 0)::text AS sum FROM ledger_accounts WHERE code LIKE 'house:USD:fees:%'`,
          )
        ).rows[0]!.sum,
      );
    const users = [];
    for (let i = 0; i < 6; i++) users.push(await registerUser(t.app, t.database));
    // Consecutive ids: each user pays fees into a house shard of their own, checked together below.
    expect(new Set(users.map((u) => u.user.id % HOUSE_SHARDS)).size).toBe(users.length);
    for (const u of users) await fund(u.user.id, 5n * 1_005n); // five orders of 10.00 U + 0.05 U fee
    const feesBefore = await feeShards();
    const answers = await Promise.all(
      users.flatMap((u) => Array.from({ length: 7 }, () => order(u.token, { amount: '10' }))),
    );
    for (const [i, u] of users.entries()) {
      const own = answers.slice(i * 7, i * 7 + 7);
      expect(own.filter((a) => a.code === 200)).toHaveLength(5);
      expect(own.filter((a) => a.key === 'balance_insufficient')).toHaveLength(2);
      expect(await balances(u.token)).toMatchObject({ available: '0.00', frozen: '50.00' });
    }
    expect((await feeShards()) - feesBefore).toBe(BigInt(users.length) * 5n * 5n);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
    expect(await openStakeDrift(t.database.db)).toEqual([]);
  });
});

describe('settlement', () => {
  it('settles at the recorded price of open time + seconds, exactly once, and pays by the rule', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 20_000n);
    const placed = (await order(u.token, { amount: '100', direction: 'down' })).data;
    const before = await balances(u.token);
    expect(before).toMatchObject({ available: '99.50', frozen: '100.00' });
    await market.advance(29);
    expect((await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.id}`, { token: u.token })).data.status).toBe(
      'open',
    );
    await market.advance(1);
    const settled = (await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.id}`, { token: u.token })).data;
    expect(settled.status).toBe('settled');
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    const tick = await priceAt(t.database.db, product.id, placed.settle_time);
    expect(tick!.ts).toBe(placed.settle_time);
    expect(settled.settle_price).toBe(formatPrice(tick!.price, product.precision));
    const open = await priceAt(t.database.db, product.id, placed.open_time);
    expect(settled.result).toBe(settleResult('down', open!.price, tick!.price));
    const expectedPayout = settled.result === 'win' ? 180 : settled.result === 'draw' ? 100 : 0;
    expect(Number(settled.payout)).toBe(expectedPayout);
    expect(Number(settled.pnl)).toBeCloseTo(expectedPayout - 100.5, 2);
    const after = await balances(u.token);
    expect(Number(after.available) - Number(before.available)).toBeCloseTo(expectedPayout, 2);
    expect(after.frozen).toBe('0.00');
    const journals = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_journals where reference = ${`order:${placed.id}:settle`}`,
    );
    expect(journals.rows[0]!.n).toBe(1);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });

  it('settles orders that fell due while the server was down, at the price of their second', async () => {
    const placed = (await order(demoToken, { amount: '50', seconds: '60' })).data;
    await market.restartAfter(600);
    const settled = (await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.id}`, { token: demoToken })).data;
    expect(settled.status).toBe('settled');
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    const tick = await priceAt(t.database.db, product.id, placed.settle_time);
    expect(tick!.ts).toBe(placed.settle_time);
    expect(settled.settle_price).toBe(formatPrice(tick!.price, product.precision));
  });

  it('settles each order once when several nodes run settlement at the same time', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 1_000_000n);
    const ids = [];
    for (let i = 0; i < 60; i++)
      ids.push((await order(u.token, { amount: '10', direction: i % 2 ? 'up' : 'down' })).data.id);
    await market.feed.runOnce();
    market.clock.t += 31;
    await market.feed.runOnce();
    const nodes = [connect(t.database.url, 5), connect(t.database.url, 5), connect(t.database.url, 5)];
    const jobs = nodes.map((n) => new SettlementJob({ db: n.db, log: silentLog }));
    const settledCounts = await Promise.all(jobs.map((j) => j.runOnce()));
    await Promise.all(nodes.map((n) => n.close()));
    expect(settledCounts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(60);
    const rows = await t.database.db.select().from(contractOrders).where(eq(contractOrders.userId, u.user.id));
    expect(rows.every((r) => r.status === 'settled')).toBe(true);
    const settleJournals = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_journals where reference like 'order:%:settle' and (memo->>'order')::bigint = any(${`{${ids.join(',')}}`}::bigint[])`,
    );
    expect(settleJournals.rows[0]!.n).toBe(60);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });

  it('settlement workers of different parts settle disjoint orders, and all of them together', async () => {
    const users: number[] = [];
    for (let i = 0; i < 4; i++) {
      const u = await registerUser(t.app, t.database);
      await fund(u.user.id, 1_000_000n);
      for (let k = 0; k < 3; k++) await order(u.token, { amount: '10', direction: k % 2 ? 'up' : 'down' });
      users.push(u.user.id);
    }
    await market.feed.runOnce();
    market.clock.t += 31;
    await market.feed.runOnce();
    const watermark = Number((await t.database.db.execute(sql`select watermark from feed_state`)).rows[0]!.watermark);
    const partOf = (userId: number) => (userId % HOUSE_SHARDS) % 2;
    const status = async () =>
      new Map(
        (
          await t.database.db
            .select({ userId: contractOrders.userId, status: contractOrders.status })
            .from(contractOrders)
            .where(inArray(contractOrders.userId, users))
        ).map((r) => [r.userId, r.status]),
      );
    await settleDueOrders(t.database.db, watermark, 1000, { of: 2, index: 0 });
    for (const [userId, state] of await status()) expect(state).toBe(partOf(userId) === 0 ? 'settled' : 'open');
    await settleDueOrders(t.database.db, watermark, 1000, { of: 2, index: 1 });
    for (const state of (await status()).values()) expect(state).toBe('settled');
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });

  it('a recorded second wakes the settlement job before its next poll', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 1_000_000n);
    const placed = (await order(u.token, { amount: '10' })).data.id;
    await market.feed.runOnce();
    // Polls once a minute: only the wake can settle the order within this test.
    const job = new SettlementJob({ db: t.database.db, log: silentLog, intervalMs: 60_000 });
    job.start();
    try {
      await job.runOnce();
      market.clock.t += 31;
      await market.feed.runOnce();
      job.wake();
      const state = async () =>
        (await t.database.db.select().from(contractOrders).where(eq(contractOrders.id, placed)))[0]!.status;
      await expect.poll(state, { timeout: 20_000 }).toBe('settled');
    } finally {
      await job.stop();
    }
  });

  it('has one feed leader even with two feed instances', async () => {
    const second = market.makeFeed();
    await second.runOnce();
    const watermark = async () =>
      Number((await t.database.db.execute(sql`select watermark from feed_state`)).rows[0]!.watermark);
    const before = await watermark();
    market.clock.t += 5;
    await second.runOnce(); // not the leader: records nothing
    expect(await watermark()).toBe(before);
    await market.feed.runOnce();
    expect(await watermark()).toBe(before + 5);
    await second.stop();
  });
});

describe('order queries', () => {
  it('shows an order to its owner only and lists holding and history pages', async () => {
    const mine = (await order(demoToken, { amount: '10' })).data;
    const other = await registerUser(t.app, t.database);
    expect((await call(t.app, 'GET', `/api/user/get_this_order?id=${mine.id}`, { token: other.token })).key).toBe(
      'no_data',
    );
    const holding = await call(t.app, 'GET', '/api/user/ajaxorder_list?size=5', { token: demoToken });
    expect(holding.data.items.every((o: { status: string }) => o.status === 'open')).toBe(true);
    expect(holding.data.items.some((o: { id: number }) => o.id === mine.id)).toBe(true);
    const history = await call(t.app, 'GET', '/api/user/orderlist?status=settled&size=2&page=1', { token: demoToken });
    expect(history.data.items.length).toBeLessThanOrEqual(2);
    expect(history.data.total).toBeGreaterThanOrEqual(2);
    expect(
      history.data.items.every(
        (o: { status: string; settle_price: string | null }) => o.status === 'settled' && o.settle_price,
      ),
    ).toBe(true);
  });
});

describe('retention', () => {
  it('prunes old seconds but keeps every price an order opened or settled at', async () => {
    const { pruneSeries } = await import('../../src/modules/market/market.repository.ts');
    const rows = await t.database.db.select().from(contractOrders).where(eq(contractOrders.status, 'settled'));
    expect(rows.length).toBeGreaterThan(10);
    const removed = await pruneSeries(t.database.db, market.clock.t + 1);
    expect(removed).toBeGreaterThan(1000);
    for (const o of rows) {
      const open = await priceAt(t.database.db, o.productId, o.openTime);
      const settle = await priceAt(t.database.db, o.productId, o.settleTime);
      expect(open).toEqual({ ts: o.openTime, price: o.openPrice });
      expect(settle).toEqual({ ts: o.settleTickTime, price: o.settlePrice });
      expect(o.result).toBe(settleResult(o.direction as 'up' | 'down', open!.price, settle!.price));
    }
  });
});
