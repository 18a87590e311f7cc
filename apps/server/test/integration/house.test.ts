import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { formatMoney, parseMoney, quoteOrder, type HouseView } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { AccrualJob } from '../../src/jobs/accrual.job.ts';
import { call, operatorHeaders, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { pngImage, uploadProof } from './wallet-helpers.ts';
import { createPlanApproved } from '../helpers/held-change.ts';

/**
 * The house view against the ledger: a day of activity (orders settled both ways, their fees, a plan accrual, a
 * recharge with its bonus, an exchange, an adjustment, pending money), and every figure checked against the
 * ledger's own rows, summed here in SQL of the test's own.
 */

let t: TestApp;
let market: MarketHarness;
let n = 0;
const key = () => `house${process.pid}-${Date.now()}-${++n}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const admin = async (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  (await t.admin.inject({ method, url, headers: operatorHeaders(as), ...(payload ? { payload } : {}) })).json();
const house = async (as: TestOperator = 'fay') => {
  const answer = await admin(as, 'GET', '/admin/house');
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data as HouseView;
};
const post = (token: string, url: string, body: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body: { key: key(), ...body } });
const cents = (s: string) => parseMoney(s)!;
const source = (v: HouseView, name: string) => cents(v.sources.find((s) => s.source === name)!.amount);

async function fund(userId: number, amount: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${userId}:${key()}`,
      kind: 'test_fund',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount }],
    }),
  );
}

/** The ledger's own sum of today's entries on the house accounts of one purpose (all shards), USD. */
async function ledgerSum(purpose: string, from: number, to: number): Promise<bigint> {
  const r = await t.database.db.execute<{ s: string | null }>(sql`
    SELECT sum(e.amount)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.is_house AND a.asset = 'USD' AND (a.code = ${`house:USD:${purpose}`} OR a.code LIKE ${`house:USD:${purpose}:%`})
      AND e.created_at >= to_timestamp(${from}) AND e.created_at < to_timestamp(${to})`);
  return BigInt(r.rows[0]?.s ?? '0');
}

it('is refused to support and content operators, and given to finance and admin', async () => {
  expect((await admin('sam', 'GET', '/admin/house')).key).toBe('permission_denied');
  expect((await admin('cole', 'GET', '/admin/house')).key).toBe('permission_denied');
  expect((await admin('alice', 'GET', '/admin/house')).code).toBe(200);
});

it('each figure of a day of activity equals the ledger’s own sums, and the sources add up to the house’s movement', async () => {
  const before = await house();

  // Two traders, one up and one down on the same product at the same second: one wins, the other loses.
  const up = await registerUser(t.app, t.database);
  const down = await registerUser(t.app, t.database);
  await fund(up.user.id, 100_000n);
  await fund(down.user.id, 100_000n);
  const order = (token: string, direction: string, amount: string, seconds = '30') =>
    post(token, '/api/user/addorder', { symbol: 'BTC/USDT', seconds, amount, direction });
  const a = await order(up.token, 'up', '100');
  const b = await order(down.token, 'down', '200');
  expect([a.code, b.code]).toEqual([200, 200]);
  // Two more stay open, one each way: exposure.
  const openUp = await order(up.token, 'up', '50', '300');
  const openDown = await order(down.token, 'down', '33.33', '300');
  expect([openUp.code, openDown.code]).toEqual([200, 200]);

  const during = await house();
  const btc = during.products.find((p) => p.symbol === 'BTC/USDT')!;
  const openOrders = await t.database.db.execute<{
    stake: string;
    direction: string;
    payout_bp: number;
    loss_bp: number;
    fee_bp: number;
  }>(
    sql`SELECT stake::text, direction, payout_bp, loss_bp, fee_bp FROM contract_orders o JOIN products p ON p.id = o.product_id
        WHERE o.status = 'open' AND o.mode = 'real' AND p.symbol = 'BTC/USDT'`,
  );
  const stakes = openOrders.rows.reduce((s, r) => s + BigInt(r.stake), 0n);
  expect(btc.open_orders).toBe(openOrders.rows.length);
  expect(cents(btc.stake)).toBe(stakes);
  expect(btc.recorded_stake).toBe(btc.stake);
  // Each figure as the order sheet's own arithmetic gives it, order by order.
  const quoted = openOrders.rows.map((r) => {
    const stake = BigInt(r.stake);
    const q = quoteOrder(stake, { payoutBp: r.payout_bp, lossBp: r.loss_bp, feeBp: r.fee_bp });
    return { up: r.direction === 'up', pays: q.winReturn - stake, keeps: stake - q.lossReturn };
  });
  const total = (f: (o: (typeof quoted)[number]) => bigint) => quoted.reduce((s, o) => s + f(o), 0n);
  expect(quoted.some((o) => o.up) && quoted.some((o) => !o.up)).toBe(true);
  expect(cents(btc.pays_if_all_win)).toBe(total((o) => o.pays));
  expect(cents(btc.takes_if_all_lose)).toBe(total((o) => o.keeps));
  expect(cents(btc.net_if_up)).toBe(total((o) => (o.up ? -o.pays : o.keeps)));
  expect(cents(btc.net_if_down)).toBe(total((o) => (o.up ? o.keeps : -o.pays)));

  await market.advance(30);
  const settled = await t.database.db.execute<{ result: string }>(
    sql`SELECT result FROM contract_orders WHERE id IN (${a.data.id}, ${b.data.id}) ORDER BY id`,
  );
  // Both ways (a draw at the same price is possible in principle; the simulator moves every second).
  expect(settled.rows.map((r) => r.result).sort()).toEqual(['loss', 'win']);

  // A plan bought and one day credited.
  const saver = await registerUser(t.app, t.database);
  await fund(saver.user.id, 500_000n);
  const plan = await createPlanApproved(t.admin, {
    reason: 'house test plan',
    slug: `house-${process.pid}-${n}`,
    title: 'House test plan',
    start_time: market.clock.t - 86_400,
    end_time: market.clock.t + 30 * 86_400,
    min_amount: '10',
    start_amount: '100',
    rate_pct: '36.50',
    total: '100000',
    period_days: 10,
    share_type: 'daily',
  });
  expect(plan.code, JSON.stringify(plan)).toBe(200);
  expect((await post(saver.token, '/api/user/yebjoinnow', { id: String(plan.data.id), amount: '2000' })).code).toBe(
    200,
  );
  const job = new AccrualJob({
    db: t.database.db,
    url: t.database.url,
    tz: 'Asia/Shanghai',
    log: silentLog,
    now: () => market.clock.t + 2 * 86_400,
  });
  await job.runOnce();
  await job.stop();

  // A recharge on the crypto channel (1 % bonus), approved.
  const payer = await registerUser(t.app, t.database);
  const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: payer.token })).data.channels;
  const bonusChannel = channels.find((c: { bonus_pct: string }) => c.bonus_pct !== '0.00');
  const upload = await uploadProof(t.app, payer.token, await pngImage(7));
  const recharge = await post(payer.token, '/api/user/dorecharge', {
    channel_id: String(bonusChannel.id),
    amount: '1000',
    payer_name: 'Payer',
    transfer_note: '',
    upload_id: upload,
  });
  expect(recharge.code, JSON.stringify(recharge)).toBe(200);
  expect((await admin('fay', 'POST', `/admin/deposits/${recharge.data.id}/approve`, { reason: 'seen' })).code).toBe(
    200,
  );
  // A second recharge stays under review: pending, nothing credited.
  const upload2 = await uploadProof(t.app, payer.token, await pngImage(8));
  const waiting = await post(payer.token, '/api/user/dorecharge', {
    channel_id: String(bonusChannel.id),
    amount: '321.09',
    payer_name: 'Payer',
    transfer_note: '',
    upload_id: upload2,
  });
  expect(waiting.code).toBe(200);

  // An exchange: cash to BTC.
  const quote = await post(payer.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '100' });
  expect(quote.code, JSON.stringify(quote)).toBe(200);
  expect((await post(payer.token, '/api/user/exchange', { quote_id: quote.data.id })).code).toBe(200);

  // An adjustment (goodwill credit).
  const adjusted = await admin('fay', 'POST', `/admin/users/${payer.user.id}/adjustments`, {
    direction: 'credit',
    amount: '12.34',
    category: 'goodwill',
    reason: 'ticket 9',
  });
  expect(adjusted.data.status).toBe('posted');

  const after = await house();
  expect(after.day).toBe(before.day);

  // Each source equals the ledger's own sum of today's entries on its accounts.
  for (const s of after.sources)
    expect(cents(s.amount), s.source).toBe(await ledgerSum(s.source, after.from, after.to));
  // The sources add up to the result, which equals the change of the house accounts' running balances.
  expect(after.sources.reduce((sum, s) => sum + cents(s.amount), 0n)).toBe(cents(after.result));
  expect(after.result).toBe(after.ledger_change);
  expect(after.reconciled).toBe(true);
  for (const s of after.sources)
    expect(
      s.kinds.reduce((sum, k) => sum + cents(k.amount), 0n),
      s.source,
    ).toBe(cents(s.amount));

  // And each day's movement is what the business records say it should be.
  const delta = (name: string) => source(after, name) - source(before, name);
  const orders = await t.database.db.execute<{ stake: string; payout: string | null; fee: string }>(
    sql`SELECT stake::text, payout::text, fee::text FROM contract_orders WHERE id IN (${a.data.id}, ${b.data.id}, ${openUp.data.id}, ${openDown.data.id})`,
  );
  const trading = orders.rows.reduce((s, r) => s + (r.payout === null ? 0n : BigInt(r.stake) - BigInt(r.payout)), 0n);
  expect(delta('trading')).toBe(trading);
  const orderFees = orders.rows.reduce((s, r) => s + BigInt(r.fee), 0n);
  expect(delta('fees')).toBe(orderFees + cents(quote.data.fee));
  const accrued = await t.database.db.execute<{ s: string }>(
    sql`SELECT coalesce(sum(amount), 0)::text AS s FROM invest_accruals a JOIN invest_lots l ON l.id = a.lot_id
        JOIN invest_holdings h ON h.id = l.holding_id WHERE h.plan_id = ${plan.data.id}`,
  );
  expect(BigInt(accrued.rows[0]!.s)).toBeGreaterThan(0n);
  expect(delta('plans')).toBe(-BigInt(accrued.rows[0]!.s));
  // Bonuses paid: the test's own funding, and the recharge bonus of 1 %.
  expect(delta('bonuses')).toBe(-(100_000n + 100_000n + 500_000n + 1_000n));
  expect(delta('exchange')).toBe(cents(quote.data.cash_amount) - cents(quote.data.fee));
  expect(delta('adjustments')).toBe(-1_234n);

  // Pending: the recharge under review is counted and nothing of it is credited; the open order's stake is frozen.
  expect(after.pending.deposits.count - before.pending.deposits.count).toBe(1);
  expect(cents(after.pending.deposits.amount) - cents(before.pending.deposits.amount)).toBe(32_109n);
  expect(after.pending.deposits.ledger_amount).toBe('0.00');
  expect(after.pending.withdrawals.ledger_amount).toBe(after.pending.withdrawals.amount);
  const stillOpen = after.products.find((p) => p.symbol === 'BTC/USDT')!;
  expect(stillOpen.open_orders).toBeGreaterThanOrEqual(1);
  expect(stillOpen.stake).toBe(stillOpen.recorded_stake);
  expect(formatMoney(cents(after.open.stake))).toBe(
    formatMoney(after.products.reduce((s, p) => s + cents(p.stake), 0n)),
  );

  expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
});
