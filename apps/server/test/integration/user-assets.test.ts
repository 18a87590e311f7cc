import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatMoney, parseMoney } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { priceAt, findProduct } from '../../src/modules/market/index.ts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketHarness } from '../helpers/market-harness.ts';

/**
 * Mine's "total assets" and "yesterday's earnings" (issue #29, defect 9): the summary counts every bucket the user
 * owns (cash, frozen, plans, coins at the recorded price) and the previous platform day's plan interest and
 * trading result, and both reconcile with the ledger.
 */

let t: TestApp;
let market: ReturnType<typeof marketHarness>;
// The ledger dates entries by the database's clock; the app's "now" is a day later, so today's entries are
// yesterday's for the summary.
const tomorrow = () => Math.floor(Date.now() / 1000) + 86_400;

beforeAll(async () => {
  t = await createTestApp({ clock: tomorrow });
  market = marketHarness(t.database.db, t.database.url);
  await market.feed.runOnce();
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

let seq = 0;
const journal = (kind: string, transfers: Array<{ from: string; to: string; amount: bigint }>) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, { reference: `test:assets:${process.pid}:${++seq}`, kind, transfers }),
  );

describe("the user summary's money picture", () => {
  it('totals cash, frozen, plans, the flexible balance and coins at the recorded price, and yesterday is interest plus trading', async () => {
    const u = await registerUser(t.app, t.database);
    const id = u.user.id as number;
    const cash = (bucket: 'available' | 'frozen' | 'plan' | 'plan_interest' | 'yuebao' | 'yuebao_out') =>
      userAccount(id, bucket);
    await journal('system_gift', [{ from: houseAccount('bonuses'), to: cash('available'), amount: 1_000_000n }]);
    await journal('plan_buy', [{ from: cash('available'), to: cash('plan'), amount: 30_000n }]);
    await journal('plan_accrual', [{ from: houseAccount('plans'), to: cash('plan_interest'), amount: 41n }]);
    await journal('plan_accrual', [{ from: houseAccount('plans'), to: cash('available'), amount: 12n }]);
    // The flexible balance: 70.00 in, 20.00 of it on its way out (arrives tomorrow), 0.07 of interest credited.
    await journal('yuebao_in', [{ from: cash('available'), to: cash('yuebao'), amount: 7_000n }]);
    await journal('yuebao_out', [{ from: cash('yuebao'), to: cash('yuebao_out'), amount: 2_000n }]);
    await journal('yuebao_accrual', [{ from: houseAccount('plans'), to: cash('yuebao'), amount: 7n }]);
    // An order: 100.00 staked with a 2.00 fee, won 85.00; another staked 50.00 and lost; one still open (20.00).
    await journal('order_open', [
      { from: cash('available'), to: cash('frozen'), amount: 10_000n },
      { from: cash('available'), to: houseAccount('fees'), amount: 200n },
    ]);
    await journal('order_settle', [
      { from: cash('frozen'), to: cash('available'), amount: 10_000n },
      { from: houseAccount('trading'), to: cash('available'), amount: 8_500n },
    ]);
    await journal('order_open', [{ from: cash('available'), to: cash('frozen'), amount: 5_000n }]);
    await journal('order_settle', [{ from: cash('frozen'), to: houseAccount('trading'), amount: 5_000n }]);
    await journal('order_open', [{ from: cash('available'), to: cash('frozen'), amount: 2_000n }]);
    // Coins: 0.5 BTC, valued at BTC/USDT's latest recorded price.
    await journal('exchange_buy', [
      { from: houseAccount('exchange', 'BTC'), to: userAccount(id, 'available', 'BTC'), amount: 50_000_000n },
    ]);

    const info = await call(t.app, 'GET', '/api/user/total-assets', { token: u.token });
    expect(info.code).toBe(200);
    const product = (await findProduct(t.database.db, 'BTC/USDT'))!;
    const tick = (await priceAt(t.database.db, product.id, tomorrow()))!;
    const btc = (50_000_000n * tick.price * 100n) / (10n ** 8n * 10n ** BigInt(product.precision));
    const summary = (await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances;
    const available = parseMoney(summary.available)!;
    const frozen = parseMoney(summary.frozen)!;
    expect(frozen).toBe(2_000n);
    expect(info.data).toEqual({
      total: formatMoney(available + frozen + 30_000n + 41n + 7_007n + btc),
      available: summary.available,
      frozen: summary.frozen,
      plans: formatMoney(30_041n),
      flexible: formatMoney(7_007n),
      coins: formatMoney(btc),
      coins_unpriced: false,
      yesterday_earnings: formatMoney(53n + 7n + 8_500n - 200n - 5_000n),
      yesterday_plan_interest: '0.60',
      yesterday_trading: formatMoney(8_500n - 200n - 5_000n),
    });
    // The same figures as the ledger's balances: nothing counted twice, nothing left out.
    const rows = await t.database.db.execute<{ asset: string; balance: string }>(
      sql`SELECT asset, balance::text AS balance FROM ledger_accounts WHERE user_id = ${id}`,
    );
    const usd = rows.rows.filter((r) => r.asset === 'USD').reduce((s, r) => s + BigInt(r.balance), 0n);
    expect(parseMoney(info.data.total)).toBe(usd + btc);
    // Exchange's total is the same figure, not cash and coins alone.
    expect((await call(t.app, 'GET', '/api/user/assets', { token: u.token })).data.total_value).toBe(info.data.total);
  });

  it('asks for a login', async () => {
    expect((await call(t.app, 'GET', '/api/user/total-assets')).code).not.toBe(200);
  });

  it('a new user owns nothing and earned nothing', async () => {
    const u = await registerUser(t.app, t.database);
    expect((await call(t.app, 'GET', '/api/user/total-assets', { token: u.token })).data).toMatchObject({
      total: '0.00',
      yesterday_earnings: '0.00',
    });
  });
});
