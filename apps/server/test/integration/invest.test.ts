import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { accruedAfter, formatMoney, parseMoney } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { AccrualJob } from '../../src/jobs/accrual.job.ts';
import { dayOf } from '@app/contracts';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { changeControl, createPlanApproved } from '../helpers/held-change.ts';
import { silentLog } from '../helpers/market-harness.ts';

const TZ = 'Asia/Shanghai';
const DAY = 86_400;
let t: TestApp;
const clock = { t: Math.floor(Date.now() / 1000) };
let keyCounter = 0;
const key = () => `inv${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.t });
});
afterAll(async () => {
  await t?.close();
});

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.admin
    .inject({
      method,
      url,
      ...(payload ? { payload } : {}),
      headers: operatorHeaders(as),
    })
    .then((r) => r.json());

async function fund(userId: number, units: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${userId}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: units }],
    }),
  );
}

async function newUser(cents: bigint) {
  const u = await registerUser(t.app, t.database);
  if (cents > 0n) await fund(u.user.id, cents);
  return { token: u.token, id: u.user.id as number };
}

const get = (token: string, url: string) => call(t.app, 'GET', url, { token });
const post = (token: string, url: string, body: Record<string, string>) =>
  call(t.app, 'POST', url, { token, body: { key: key(), ...body } });
const available = async (token: string) => parseMoney((await get(token, '/api/user/index')).data.balances.available)!;
const runJob = async () => {
  const job = new AccrualJob({ db: t.database.db, url: t.database.url, tz: TZ, log: silentLog, now: () => clock.t });
  const result = await job.runOnce();
  await job.stop();
  return result;
};

async function createPlan(over: Record<string, unknown> = {}) {
  const body = {
    reason: 'test plan',
    slug: `p-${++keyCounter}-${process.pid}`,
    title: 'Test plan',
    start_time: clock.t - DAY,
    end_time: clock.t + 60 * DAY,
    min_amount: '10',
    start_amount: '100',
    rate_pct: '7.30',
    total: '100000',
    period_days: 10,
    share_type: 'daily',
    ...over,
  };
  const answer = await createPlanApproved(t.admin, body);
  expect(answer.code, JSON.stringify(answer)).toBe(200);
  return answer.data as { id: number; slug: string };
}

async function planRow(id: number) {
  const r = await t.database.db.execute<{ invested: string; purchased_count: number }>(
    sql`select invested, purchased_count from invest_plans where id = ${id}`,
  );
  return { invested: BigInt(r.rows[0]!.invested), count: Number(r.rows[0]!.purchased_count) };
}

describe('plans', () => {
  it('lists the four seeded plans with their terms, and filters', async () => {
    const u = await newUser(0n);
    const all = await get(u.token, '/api/user/yeb_project?filter=all');
    expect(all.code).toBe(200);
    const seeded = all.data.items.filter((p: any) =>
      ['Starter 7-day plan', 'Steady 30-day plan', 'Quarter 90-day plan', 'Half-year 180-day plan'].includes(p.title),
    );
    expect(seeded.map((p: any) => p.terms.period_days).sort((a: number, b: number) => a - b)).toEqual([7, 30, 90, 180]);
    const steady = seeded.find((p: any) => p.terms.period_days === 30);
    expect(steady).toMatchObject({
      min_amount: '100.00',
      phase: 'active',
      progress: '0.00',
      terms: { rate: '5.00', daily_rate: '0.0137', share_type: 'daily', day_count: 'actual/365' },
    });
    // 100 U for 30 days at 5 %: floor(10000 x 500 x 30 / 3650000) = 41 cents.
    expect(steady.example_interest).toBe('0.41');
    expect(Number(steady.terms.effective_yield)).toBeGreaterThan(5);
    const ended = await get(u.token, '/api/user/yeb_project?filter=ended');
    expect(ended.data.items.every((p: any) => p.phase === 'ended')).toBe(true);
    const active = await get(u.token, '/api/user/yeb_project?filter=active&size=2');
    expect(active.data.items).toHaveLength(2);
    expect(active.data.total).toBeGreaterThanOrEqual(4);
    // The plans on offer are public (Home shows them to visitors); a user's own Yuebao needs a session.
    const visitor = await call(t.app, 'GET', '/api/user/yeb_project?filter=active&size=2');
    expect(visitor.code).toBe(200);
    expect(visitor.data.items).toEqual(active.data.items);
    expect((await call(t.app, 'GET', '/api/user/yuebaoinfo')).code).toBe(401);
    expect((await call(t.app, 'GET', `/api/user/yeb?id=${active.data.items[0].id}`)).code).toBe(401);
  });

  it('shows one plan with no holding, and refuses an unknown one', async () => {
    const u = await newUser(0n);
    const plan = await createPlan();
    const detail = await get(u.token, `/api/user/yeb?id=${plan.id}`);
    expect(detail.data).toMatchObject({ plan: { id: plan.id, title: 'Test plan' }, holding: null, time_zone: TZ });
    expect((await get(u.token, '/api/user/yeb?id=999999')).key).toBe('plan_not_found');
  });
});

describe('buying', () => {
  it('moves the amount to the plan bucket in one journal, copies the terms and answers a replay with the same holding', async () => {
    const u = await newUser(100_000n);
    const plan = await createPlan();
    const k = key();
    const answer = await call(t.app, 'POST', '/api/user/yebjoinnow', {
      token: u.token,
      body: { id: String(plan.id), amount: '250', key: k },
    });
    expect(answer.code).toBe(200);
    expect(answer.key).toBe('plan_bought');
    const h = answer.data.holding;
    expect(h).toMatchObject({
      status: 1,
      principal: '250.00',
      accrued: '0.00',
      terms: { rate: '7.30', period_days: 10 },
    });
    // 250 U x 7.3 % x 10 / 365 = 0.50 U
    expect(h.expected_interest).toBe('0.50');
    expect(h.amount_at_maturity).toBe('250.50');
    expect(answer.data.order).toMatchObject({ kind: 'buy', amount: '250.00' });
    expect(await available(u.token)).toBe(75_000n);
    const replay = await call(t.app, 'POST', '/api/user/yebjoinnow', {
      token: u.token,
      body: { id: String(plan.id), amount: '250', key: k },
    });
    expect(replay.data.holding.id).toBe(h.id);
    expect(await available(u.token)).toBe(75_000n);
    expect(await planRow(plan.id)).toEqual({ invested: 25_000n, count: 1 });
    // The same key with another amount is another request: refused, nothing moves.
    const conflict = await call(t.app, 'POST', '/api/user/yebjoinnow', {
      token: u.token,
      body: { id: String(plan.id), amount: '300', key: k },
    });
    expect(conflict.key).toBe('idempotency_conflict');
    expect(await available(u.token)).toBe(75_000n);
    // A replayed top-up and a replayed stop apply once.
    const tk = key();
    const top = () =>
      call(t.app, 'POST', '/api/user/yebappend', { token: u.token, body: { id: String(h.id), amount: '10', key: tk } });
    expect((await top()).code).toBe(200);
    expect((await top()).data.order.id).toBeGreaterThan(0);
    expect(await available(u.token)).toBe(74_000n);

    // Later edits of the plan never change the holding.
    await changeControl(
      t.admin,
      `/admin/plans/${plan.id}`,
      { reason: 'rate change', rate_pct: '1.00' },
      { maker: 'cole', checker: 'alice' },
    );
    const after = await get(u.token, `/api/user/yeb?id=${plan.id}`);
    expect(after.data.plan.terms.rate).toBe('1.00');
    expect(after.data.holding.terms.rate).toBe('7.30');
  });

  it('refuses every case with its own message and changes nothing', async () => {
    const plan = await createPlan({ total: '1000', personal_cap: '600' });
    const rich = await newUser(500_000n);
    const poor = await newUser(5_000n);
    const before = await planRow(plan.id);
    const cases: Array<[string, string, Record<string, string>, string]> = [
      ['under the minimum', rich.token, { id: String(plan.id), amount: '99.99' }, 'plan_amount_min'],
      ['over the personal cap', rich.token, { id: String(plan.id), amount: '700' }, 'plan_personal_cap'],
      ['without the balance', poor.token, { id: String(plan.id), amount: '100' }, 'balance_insufficient'],
      ['an unknown plan', rich.token, { id: '999999', amount: '100' }, 'plan_not_found'],
      ['an empty amount', rich.token, { id: String(plan.id), amount: '' }, 'please_fill_in'],
      ['a malformed amount', rich.token, { id: String(plan.id), amount: '1.234' }, 'amount_too_precise'],
    ];
    for (const [what, token, body, expected] of cases) {
      const richBefore = await available(token);
      const answer = await post(token, '/api/user/yebjoinnow', body);
      expect(answer.key, what).toBe(expected);
      expect(answer.code, what).not.toBe(200);
      expect(await available(token), what).toBe(richBefore);
    }
    expect(await planRow(plan.id)).toEqual(before);

    // Over the remaining size.
    const other = await newUser(500_000n);
    expect((await post(other.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '600' })).code).toBe(200);
    const over = await post(rich.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '500' });
    expect(over.key).toBe('plan_over_remaining');
    expect(over.data.params.remaining).toBe('400.00');
    // Already investing: told to top up instead.
    const again = await post(other.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '100' });
    expect(again.key).toBe('plan_already_investing');
    // Sold out.
    expect((await post(rich.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '400' })).code).toBe(200);
    const soldOut = await post((await newUser(100_000n)).token, '/api/user/yebjoinnow', {
      id: String(plan.id),
      amount: '100',
    });
    expect(soldOut.key).toBe('plan_sold_out');
    expect((await planRow(plan.id)).invested).toBe(100_000n);
  });

  it('refuses outside the subscription window and while paused', async () => {
    const u = await newUser(100_000n);
    const later = await createPlan({ start_time: clock.t + DAY });
    expect((await post(u.token, '/api/user/yebjoinnow', { id: String(later.id), amount: '100' })).key).toBe(
      'plan_not_started',
    );
    const over = await createPlan({ start_time: clock.t - 10 * DAY, end_time: clock.t - DAY });
    expect((await post(u.token, '/api/user/yebjoinnow', { id: String(over.id), amount: '100' })).key).toBe(
      'plan_ended',
    );
    const paused = await createPlan();
    expect((await op('cole', 'POST', `/admin/plans/${paused.id}/pause`, { reason: 'maintenance' })).data.state).toBe(
      'paused',
    );
    expect((await post(u.token, '/api/user/yebjoinnow', { id: String(paused.id), amount: '100' })).key).toBe(
      'plan_paused',
    );
    await op('cole', 'POST', `/admin/plans/${paused.id}/resume`, { reason: 'maintenance over' });
    expect((await post(u.token, '/api/user/yebjoinnow', { id: String(paused.id), amount: '100' })).code).toBe(200);
    await op('cole', 'POST', `/admin/plans/${paused.id}/close`, { reason: 'end of offer' });
    expect(
      (await post((await newUser(100_000n)).token, '/api/user/yebjoinnow', { id: String(paused.id), amount: '100' }))
        .key,
    ).toBe('plan_ended');
    // A closed plan stays closed, and its holder can no longer top up.
    expect((await op('cole', 'POST', `/admin/plans/${paused.id}/resume`, { reason: 'reopen' })).key).toBe(
      'invalid_request',
    );
    const mine = (await get(u.token, '/api/user/myproject?status=1')).data.items[0];
    expect((await post(u.token, '/api/user/yebappend', { id: String(mine.id), amount: '100' })).key).toBe('plan_ended');
    expect(await available(u.token)).toBe(90_000n);
  });

  it('50 concurrent buys against room for 10 give exactly 10 holdings', async () => {
    const plan = await createPlan({ total: '1000', start_amount: '100' });
    const buyers = await Promise.all(Array.from({ length: 50 }, () => newUser(20_000n)));
    const answers = await Promise.all(
      buyers.map((b) => post(b.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '100' })),
    );
    const ok = answers.filter((a) => a.code === 200);
    expect(ok).toHaveLength(10);
    expect(new Set(answers.filter((a) => a.code !== 200).map((a) => a.key))).toEqual(new Set(['plan_sold_out']));
    expect(await planRow(plan.id)).toEqual({ invested: 100_000n, count: 10 });
    const holdings = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from invest_holdings where plan_id = ${plan.id}`,
    );
    expect(holdings.rows[0]!.n).toBe(10);
  });
});

describe('top-up, accrual, stop, renewal and maturity', () => {
  it('accrues each lot daily to the cent, stops early with principal and interest back', async () => {
    const start = clock.t;
    const u = await newUser(1_000_000n);
    const plan = await createPlan({ rate_pct: '7.30', period_days: 10, share_type: 'daily' });
    const bought = await post(u.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '1000' });
    const holdingId = bought.data.holding.id;
    clock.t += DAY;
    const topped = await post(u.token, '/api/user/yebappend', { id: String(holdingId), amount: '333.33' });
    expect(topped.code).toBe(200);
    expect(topped.key).toBe('plan_topped_up');
    expect(topped.data.holding.lots).toHaveLength(2);
    expect(topped.data.holding.lots[1]).toMatchObject({ kind: 'topup', principal: '333.33' });
    expect((await post(u.token, '/api/user/yebappend', { id: String(holdingId), amount: '5' })).key).toBe(
      'plan_amount_min',
    );

    clock.t += 3 * DAY;
    await runJob();
    const mine = await get(u.token, '/api/user/myproject?status=1');
    const h = mine.data.items.find((x: any) => x.id === holdingId);
    // The first lot has earned days 1-3, the top-up days 1-2.
    const expected = accruedAfter(100_000n, 730, 3) + accruedAfter(33_333n, 730, 2);
    expect(h.accrued).toBe(formatMoney(expected));
    expect(h.paid).toBe(formatMoney(expected));
    const list = await get(u.token, `/api/user/yeb_accruals?id=${holdingId}`);
    expect(list.data.items).toHaveLength(5);
    expect(list.data.total).toBe(formatMoney(expected));
    const info = await get(u.token, '/api/user/yuebaoinfo');
    expect(info.data).toMatchObject({ total: '1333.33', frozen: '0.00', total_profit: formatMoney(expected) });
    expect(parseMoney(info.data.yesterday_profit)).toBe(
      accruedAfter(100_000n, 730, 3) -
        accruedAfter(100_000n, 730, 2) +
        accruedAfter(33_333n, 730, 2) -
        accruedAfter(33_333n, 730, 1),
    );

    const before = await available(u.token);
    const quote = await get(u.token, `/api/user/yebstop?id=${holdingId}`);
    expect(quote.data).toMatchObject({
      principal: '1333.33',
      paid: formatMoney(expected),
      interest: '0.00',
      forfeited: '0.00',
      total_back: '1333.33',
    });
    const stopped = await post(u.token, '/api/user/yebstop', { id: String(holdingId) });
    expect(stopped.code).toBe(200);
    expect(stopped.data.holding.status).toBe(2);
    expect(await available(u.token)).toBe(before + 133_333n);
    expect((await post(u.token, '/api/user/yebstop', { id: String(holdingId) })).key).toBe('holding_not_active');
    expect((await post(u.token, '/api/user/yebappend', { id: String(holdingId), amount: '100' })).key).toBe(
      'holding_not_active',
    );
    const orders = await get(u.token, `/api/user/project_orderlist?holding_id=${holdingId}`);
    expect(orders.data.items.map((o: any) => o.kind)).toEqual(['stop', 'topup', 'buy']);
    // No more credits for a stopped holding.
    clock.t += 2 * DAY;
    await runJob();
    expect((await get(u.token, `/api/user/yeb_accruals?id=${holdingId}`)).data.items).toHaveLength(5);
    clock.t = start + 6 * DAY;
  });

  it('holds interest below the committed amount, releases it on reaching it, and applies the early-exit rate on stop', async () => {
    const u = await newUser(1_000_000n);
    const plan = await createPlan({
      rate_pct: '10.00',
      early_exit_rate_pct: '5.00',
      period_days: 30,
      share_type: 'daily',
      start_amount: '100',
      committed_amount: '1000',
    });
    const bought = await post(u.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '400' });
    const h0 = bought.data.holding;
    expect(h0.status).toBe(3);
    expect(h0.topup_needed).toBe('600.00');
    expect(h0.topup_until).toBeGreaterThan(clock.t);
    clock.t += 4 * DAY;
    await runJob();
    const held = accruedAfter(40_000n, 1000, 3);
    let d = (await get(u.token, `/api/user/yeb?id=${plan.id}`)).data.holding;
    expect(d).toMatchObject({ status: 3, held: formatMoney(held), paid: '0.00' });
    expect((await get(u.token, '/api/user/yuebaoinfo')).data.frozen).toBe(formatMoney(held));
    // Stop quote: held interest at the early-exit rate, the rest forfeited, principal in full.
    const q = (await get(u.token, `/api/user/yebstop?id=${h0.id}`)).data;
    const early = accruedAfter(40_000n, 500, 3);
    expect(q).toMatchObject({
      principal: '400.00',
      interest: formatMoney(early),
      forfeited: formatMoney(held - early),
      total_back: formatMoney(40_000n + early),
    });

    const before = await available(u.token);
    const topped = await post(u.token, '/api/user/yebappend', { id: String(h0.id), amount: '600' });
    expect(topped.data.holding.status).toBe(1);
    expect(await available(u.token)).toBe(before - 60_000n + held);
    d = (await get(u.token, `/api/user/yeb?id=${plan.id}`)).data.holding;
    expect(d).toMatchObject({ status: 1, held: '0.00', paid: formatMoney(held), topup_needed: null });
  });

  it('renews at maturity when opted in, and otherwise settles principal plus interest automatically', async () => {
    const u = await newUser(1_000_000n);
    const a = await createPlan({ rate_pct: '3.65', period_days: 5, share_type: 'maturity' });
    const b = await createPlan({ rate_pct: '3.65', period_days: 5, share_type: 'maturity' });
    const ha = (await post(u.token, '/api/user/yebjoinnow', { id: String(a.id), amount: '1000' })).data.holding;
    const hb = (await post(u.token, '/api/user/yebjoinnow', { id: String(b.id), amount: '1000' })).data.holding;
    await changeControl(
      t.admin,
      `/admin/plans/${a.id}`,
      { reason: 'next period rate', rate_pct: '4.00' },
      { maker: 'cole', checker: 'alice' },
    );
    const kept = await post(u.token, '/api/user/yebkeep', { id: String(ha.id), renew: '1' });
    expect(kept.key).toBe('plan_renewal_on');
    expect(kept.data.holding).toMatchObject({ renew: true, renew_rate: '4.00' });
    // Before maturity: the holding without renewal is offered one, with the rate the next period would get.
    expect(
      (await get(u.token, '/api/user/myproject')).data.items.find((x: any) => x.id === hb.id).renew_offer_rate,
    ).toBeNull();
    clock.t += 3 * DAY;
    await changeControl(
      t.admin,
      `/admin/plans/${b.id}`,
      { reason: 'next period rate', rate_pct: '3.80' },
      { maker: 'cole', checker: 'alice' },
    );
    const soon = (await get(u.token, '/api/user/myproject')).data.items;
    expect(soon.find((x: any) => x.id === hb.id).renew_offer_rate).toBe('3.80');
    expect(soon.find((x: any) => x.id === ha.id).renew_offer_rate).toBeNull();
    const before = await available(u.token);
    clock.t += 3 * DAY;
    const pass = await runJob();
    expect(pass!.settled).toBeGreaterThanOrEqual(2);
    const interest = accruedAfter(100_000n, 365, 5); // 0.50 U
    expect(interest).toBe(50n);
    // b: principal and interest back; a: interest paid, principal rolled into the next period at 4 %.
    expect(await available(u.token)).toBe(before + 100_000n + interest + interest);
    const mine = (await get(u.token, '/api/user/myproject')).data.items;
    const ra = mine.find((x: any) => x.id === ha.id);
    const rb = mine.find((x: any) => x.id === hb.id);
    expect(ra).toMatchObject({ status: 1, cycle: 2, principal: '1000.00', renew: false, terms: { rate: '4.00' } });
    expect(rb).toMatchObject({ status: 2, principal: '1000.00', accrued: '0.50' });
    const kinds = (await get(u.token, `/api/user/project_orderlist?holding_id=${ha.id}`)).data.items.map(
      (o: any) => o.kind,
    );
    expect(kinds).toEqual(['renew', 'payout', 'buy']);
    // Running again settles nothing twice.
    const again = await runJob();
    expect(again!.settled).toBe(0);
    expect(await available(u.token)).toBe(before + 100_000n + 2n * interest);
  });

  it('a restart after three missed days credits those three days once', async () => {
    const u = await newUser(1_000_000n);
    const plan = await createPlan({ rate_pct: '5.00', period_days: 30, share_type: 'daily' });
    const h = (await post(u.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '5000' })).data.holding;
    clock.t += 2 * DAY;
    await runJob();
    const count = async () =>
      (
        await t.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from invest_accruals where holding_id = ${h.id}`,
        )
      ).rows[0]!.n;
    expect(await count()).toBe(1);
    // The server is down for three days.
    clock.t += 3 * DAY;
    const [first, second] = await Promise.all([runJob(), runJob()]);
    expect(await count()).toBe(4);
    expect([first, second].some((r) => r === null || r.credited === 0)).toBe(true);
    await runJob();
    expect(await count()).toBe(4);
    const days = await t.database.db.execute<{ day: number }>(
      sql`select day from invest_accruals where holding_id = ${h.id} order by day`,
    );
    const today = dayOf(clock.t, TZ);
    expect(days.rows.map((r) => r.day)).toEqual([today - 4, today - 3, today - 2, today - 1]);
    const detail = (await get(u.token, `/api/user/yeb?id=${plan.id}`)).data.holding;
    expect(detail.accrued).toBe(formatMoney(accruedAfter(500_000n, 500, 4)));
  });

  it('refuses renewal of a holding awaiting top-up and top-ups with no day left', async () => {
    const u = await newUser(1_000_000n);
    const plan = await createPlan({ period_days: 3, start_amount: '100', committed_amount: '500' });
    const h = (await post(u.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '100' })).data.holding;
    expect((await post(u.token, '/api/user/yebkeep', { id: String(h.id), renew: '1' })).key).toBe(
      'plan_renew_unavailable',
    );
    clock.t += 3 * DAY;
    expect((await post(u.token, '/api/user/yebappend', { id: String(h.id), amount: '400' })).key).toBe(
      'plan_topup_too_late',
    );
    expect((await post(u.token, '/api/user/yebappend', { id: '999999', amount: '400' })).key).toBe('no_data');
    clock.t += DAY;
    await runJob();
    // Matured below the committed amount: principal in full, held interest under the early-exit rule (0 % here).
    const settled = (await get(u.token, '/api/user/myproject?status=2')).data.items.find((x: any) => x.id === h.id);
    expect(settled.status).toBe(2);
  });
});

describe('operators', () => {
  it('every plan act is audited, and edits that would hurt holders are refused', async () => {
    const plan = await createPlan({ total: '1000' });
    const u = await newUser(100_000n);
    await post(u.token, '/api/user/yebjoinnow', { id: String(plan.id), amount: '500' });
    const shrink = await op('cole', 'POST', `/admin/plans/${plan.id}`, { reason: 'too small', total: '100' });
    expect(shrink.key).toBe('invalid_request');
    const list = await op('cole', 'GET', '/admin/plans');
    expect(list.data.items.find((p: any) => p.id === plan.id).invested).toBe('500.00');
    const audit = await op('alice', 'GET', '/admin/audit?size=200');
    const actions = audit.data.items.filter((a: any) => a.target === `plan:${plan.id}`).map((a: any) => a.action);
    expect(actions).toContain('plan.create');
    await op('cole', 'POST', `/admin/plans/${plan.id}/pause`, { reason: 'checking the books' });
    await op('cole', 'POST', `/admin/plans/${plan.id}`, { reason: 'new title', title: 'Renamed plan' });
    const after = await op('alice', 'GET', '/admin/audit?size=200');
    const rows = after.data.items.filter((a: any) => a.target === `plan:${plan.id}`);
    expect(rows.map((a: any) => a.action)).toEqual(expect.arrayContaining(['plan.create', 'plan.pause', 'plan.edit']));
    // The plan was made by its checker (creation is held for a second operator); cole did the rest.
    expect(
      rows.every((a: any) => a.operator === (a.action === 'plan.create' ? 'alice' : 'cole') && a.reason.length >= 3),
    ).toBe(true);
    // The holding keeps its copied title and terms.
    const holding = (await get(u.token, '/api/user/myproject')).data.items[0];
    expect(holding.title).toBe('Test plan');
    const noAuth = await t.admin.inject({ method: 'GET', url: '/admin/plans' });
    expect(noAuth.statusCode).toBe(401);
  });
});

describe('the ledger', () => {
  it('is clean after all of it', async () => {
    const report = await verifyLedger(t.database.db);
    expect(report.breaks).toEqual([]);
  });
});
