import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { dayLabel, dayOf, formatMoney } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import {
  accrueFlexible,
  flexIn,
  flexOut,
  flexOutQuote,
  payArrivedOuts,
} from '../../src/modules/invest/flexible.service.ts';
import { investFlexRates } from '../../src/modules/invest/flexible.table.ts';
import { call, createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';

const TZ = 'Asia/Shanghai';
const DAY = 86_400;
let t: TestApp;
const clock = { t: Math.floor(Date.now() / 1000) };
let keyCounter = 0;
const key = () => `flex${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  t = await createTestApp({ clock: () => clock.t });
});
afterAll(async () => {
  await t?.close();
});

async function newUser(cents: bigint) {
  const u = await registerUser(t.app, t.database);
  const id = u.user.id as number;
  if (cents > 0n)
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        reference: `test:fund:${id}:${key()}`,
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(id, 'available'), amount: cents }],
      }),
    );
  return { token: u.token as string, id };
}

const get = (token: string, url: string, lang = 'en') => call(t.app, 'GET', url, { token, lang });
const post = (token: string, url: string, body: Record<string, string>, lang = 'en') =>
  call(t.app, 'POST', url, { token, body, lang });

async function balance(userId: number, bucket: 'available' | 'yuebao' | 'yuebao_out') {
  const r = await t.database.db.execute<{ balance: string }>(
    sql`SELECT coalesce((SELECT balance FROM ledger_accounts WHERE code = ${userAccount(userId, bucket)}), 0) AS balance`,
  );
  return BigInt(r.rows[0]!.balance);
}

async function setInstant(amount: string) {
  const r = await t.admin.inject({
    method: 'POST',
    url: '/admin/yuebao-flexible/instant-out',
    headers: operatorHeaders('alice'),
    payload: { reason: 'test limit', instant_out_daily: amount },
  });
  expect(r.json().code).toBe(200);
}

async function expectBalanced() {
  const report = await verifyLedger(t.database.db);
  expect(report.breaks).toEqual([]);
  // Every account row equals its ledger bucket.
  const off = await t.database.db.execute(sql`
    SELECT f.user_id FROM invest_flex_accounts f
    LEFT JOIN ledger_accounts a ON a.code = 'user:' || f.user_id || ':USD:yuebao'
    WHERE f.balance <> coalesce(a.balance, 0)`);
  expect(off.rows).toEqual([]);
}

describe('the flexible Yuebao balance', () => {
  it('moves in, earns from the next day, and every move is a balanced journal', async () => {
    const u = await newUser(100_000n);
    const info = await get(u.token, '/api/user/yeb_flex');
    expect(info.code).toBe(200);
    expect(info.data.available).toBe('0.00');
    expect(info.data.rate_pct).toBe('2.00');
    expect(info.data.rates).toHaveLength(7);

    const moved = await post(u.token, '/api/user/yeb_flex_in', { amount: '600', key: key() });
    expect(moved.code).toBe(200);
    expect(moved.key).toBe('flex_moved_in');
    expect(moved.data.info.available).toBe('600.00');
    expect(moved.data.info.cash_available).toBe('400.00');
    expect(moved.data.info.earning_from).toBe(dayLabel(dayOf(clock.t, TZ) + 1));
    expect(await balance(u.id, 'available')).toBe(40_000n);
    expect(await balance(u.id, 'yuebao')).toBe(60_000n);

    // Letters, too much and a refusal in the reader's language, and nothing moves.
    const letters = await post(u.token, '/api/user/yeb_flex_in', { amount: 'abc', key: key() }, 'zh');
    expect(letters.key).toBe('amount_not_number');
    const over = await post(u.token, '/api/user/yeb_flex_in', { amount: '500', key: key() });
    expect(over.key).toBe('balance_insufficient');
    const tooMuchOut = await get(u.token, '/api/user/yeb_flex_out?amount=600.01', 'de');
    expect(tooMuchOut.key).toBe('flex_out_over_balance');
    expect(tooMuchOut.msg).toContain('600.00');
    expect(await balance(u.id, 'yuebao')).toBe(60_000n);

    // The total of assets counts it once, as its own part.
    const total = await get(u.token, '/api/user/total-assets');
    expect(total.data.flexible).toBe('600.00');
    expect(total.data.total).toBe('1000.00');
    await expectBalanced();
  });

  it('moves out instantly up to the daily amount, the rest on the next day, both stated before', async () => {
    await setInstant('100');
    const u = await newUser(100_000n);
    await post(u.token, '/api/user/yeb_flex_in', { amount: '500', key: key() });

    const small = await get(u.token, '/api/user/yeb_flex_out?amount=60');
    expect(small.data).toMatchObject({ instant: '60.00', next_day: '0.00', instant_out_left: '100.00' });
    const first = await post(u.token, '/api/user/yeb_flex_out', { amount: '60', instant: '60', key: key() });
    expect(first.key).toBe('flex_moved_out');
    expect(first.data.move).toMatchObject({ instant: '60.00', next_day: '0.00', status: 'done', arrives_on: null });
    expect(await balance(u.id, 'available')).toBe(56_000n);

    // Over what is left today: 40 now, 60 tomorrow.
    const quote = await get(u.token, '/api/user/yeb_flex_out?amount=100');
    const today = dayOf(clock.t, TZ);
    expect(quote.data).toEqual({
      amount: '100.00',
      instant: '40.00',
      next_day: '60.00',
      arrives_on: dayLabel(today + 1),
      instant_out_left: '40.00',
    });
    // Confirmed with another split than the one now in force: refused, nothing moves.
    const stale = await post(u.token, '/api/user/yeb_flex_out', { amount: '100', instant: '100', key: key() });
    expect(stale.key).toBe('flex_out_terms_changed');
    expect(await balance(u.id, 'yuebao')).toBe(44_000n);

    const split = await post(u.token, '/api/user/yeb_flex_out', { amount: '100', instant: '40', key: key() });
    expect(split.data.move).toMatchObject({ status: 'pending', arrives_on: dayLabel(today + 1) });
    expect(split.data.info).toMatchObject({ available: '340.00', frozen: '60.00', instant_out_left: '0.00' });
    expect(await balance(u.id, 'available')).toBe(60_000n);
    expect(await balance(u.id, 'yuebao_out')).toBe(6_000n);
    // Still in the one total, as frozen Yuebao money, until it arrives.
    expect((await get(u.token, '/api/user/total-assets')).data.flexible).toBe('400.00');
    // An operator reading the user's money sees both buckets.
    const operatorView = await t.admin.inject({
      method: 'GET',
      url: `/admin/users/${u.id}/balances`,
      headers: operatorHeaders('alice'),
    });
    expect(operatorView.json().data).toMatchObject({ yuebao: '340.00', yuebao_out: '60.00', available: '600.00' });

    // Not before its day; on it, once.
    expect(await payArrivedOuts(t.database.db, today)).toBe(0);
    expect(await payArrivedOuts(t.database.db, today + 1)).toBeGreaterThanOrEqual(1);
    expect(await payArrivedOuts(t.database.db, today + 1)).toBe(0);
    expect(await balance(u.id, 'available')).toBe(66_000n);
    expect(await balance(u.id, 'yuebao_out')).toBe(0n);
    // Told when it arrives, once, in the reader's language, linking to the balance.
    const inbox = (await get(u.token, '/api/user/msg', 'de')).data.items.filter(
      (m: { kind: string }) => m.kind === 'yuebao_out_arrived',
    );
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({
      category: 'account',
      link: '#/pages/project/flexible',
      body: '60,00 U aus Ihrem flexiblen Yuebao-Guthaben sind auf Ihrem Bargeldguthaben angekommen.',
    });
    await setInstant('10000');
    await expectBalanced();
  });

  it('two moves out at once cannot take more than the balance', async () => {
    await setInstant('10000');
    for (let round = 0; round < 3; round++) {
      const u = await newUser(10_000n);
      await post(u.token, '/api/user/yeb_flex_in', { amount: '100', key: key() });
      const answers = await Promise.all(
        [0, 1].map(() => post(u.token, '/api/user/yeb_flex_out', { amount: '80', instant: '80', key: key() })),
      );
      expect(answers.map((a) => a.key).sort()).toEqual(['flex_moved_out', 'flex_out_over_balance']);
      expect(await balance(u.id, 'yuebao')).toBe(2_000n);
      expect(await balance(u.id, 'available')).toBe(8_000n);
    }
    await expectBalanced();
  });

  it('a rate change is held for a second operator, starts on a later day and is in the terms history', async () => {
    const today = dayOf(clock.t, TZ);
    const tooSoon = await t.admin.inject({
      method: 'POST',
      url: '/admin/yuebao-flexible/rate',
      headers: operatorHeaders('cole'),
      payload: { reason: 'now', rate_pct: '3.00', effective_from: dayLabel(today) },
    });
    expect(tooSoon.json().key).toBe('flex_rate_too_soon');

    const from = dayLabel(today + 3);
    const proposed = await t.admin.inject({
      method: 'POST',
      url: '/admin/yuebao-flexible/rate',
      headers: operatorHeaders('cole'),
      payload: { reason: 'market rates rose', rate_pct: '3.00', effective_from: from },
    });
    expect(proposed.json().key).toBe('change_proposed');
    // Nothing changes before the second operator.
    const u = await newUser(0n);
    const holder = await newUser(10_000n);
    await post(holder.token, '/api/user/yeb_flex_in', { amount: '50', key: key() });
    expect((await get(u.token, '/api/user/yeb_flex')).data.next_rate).toBeNull();
    const pending = await t.admin.inject({
      method: 'GET',
      url: '/admin/held-changes?status=pending',
      headers: operatorHeaders('alice'),
    });
    const held = pending.json().data.items.find((h: { kind: string }) => h.kind === 'yuebao.rate');
    const approved = await t.admin.inject({
      method: 'POST',
      url: `/admin/held-changes/${held.id}/approve`,
      headers: operatorHeaders('alice'),
      payload: { reason: 'checked' },
    });
    expect(approved.json().code).toBe(200);
    const info = await get(u.token, '/api/user/yeb_flex');
    expect(info.data.rate_pct).toBe('2.00');
    expect(info.data.next_rate).toEqual({ day: from, rate_pct: '3.00' });
    // Every holder is told on approval, in their language; someone with nothing in the balance is not.
    const told = (await get(holder.token, '/api/user/msg', 'en')).data.items.filter(
      (m: { kind: string }) => m.kind === 'yuebao_rate_change',
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      category: 'system',
      body: `From ${from} your flexible Yuebao balance earns 3.00% a year instead of 2.00%.`,
    });
    const notTold = (await get(u.token, '/api/user/msg')).data.items;
    expect(notTold.filter((m: { kind: string }) => m.kind === 'yuebao_rate_change')).toEqual([]);

    const logged = await t.database.db.execute<{ data: string }>(
      sql`SELECT data FROM log_entries WHERE type = 'terms_changed' ORDER BY id DESC LIMIT 1`,
    );
    const entry = JSON.parse(logged.rows[0]!.data);
    expect(entry.subject).toBe('yuebao_flexible');
    expect(entry.terms.rates).toContainEqual({ from, rate_pct: '3.00' });
    // The instant amount, applied at once, is a term too.
    await changeControl(t.admin, '/admin/yuebao-flexible/instant-out', {
      reason: 'steady',
      instant_out_daily: '10000',
    });
    // Back to one rate for the tests that follow.
    await t.database.db.delete(investFlexRates).where(sql`${investFlexRates.effectiveDay} > 0`);
  });
});

/**
 * The plain re-computation of the rule the contracts state: day by day, a day earns on the lowest balance it had
 * (its opening balance, then after each move out; money moved in that day not counted), at that day's rate, the
 * sub-cent remainder carried, the interest added to the balance from the next day.
 */
function plain(
  moves: Array<{ day: number; kind: 'in' | 'out'; amount: bigint }>,
  from: number,
  through: number,
  rate: (day: number) => number,
) {
  let balance = 0n;
  let carry = 0n;
  let total = 0n;
  for (let day = from; day <= through; day++) {
    let low = balance;
    for (const m of moves.filter((x) => x.day === day)) {
      balance += m.kind === 'in' ? m.amount : -m.amount;
      if (m.kind === 'out' && balance < low) low = balance;
    }
    if (day === through) break; // today: not over yet
    const x = low * BigInt(rate(day)) + carry;
    carry = x % 3_650_000n;
    balance += x / 3_650_000n;
    total += x / 3_650_000n;
  }
  return { balance, total };
}

it('accrues to the cent over a month of days, whenever the job runs, as the plain re-computation', async () => {
  await t.database.db.execute(sql`UPDATE invest_flex_settings SET instant_out_daily = 100000000000`);
  const start = dayOf(clock.t, TZ) + 10;
  const scenario = fc.record({
    moves: fc.array(
      fc.record({
        day: fc.integer({ min: 0, max: 30 }),
        kind: fc.constantFrom('in' as const, 'out' as const),
        amount: fc.bigInt({ min: 1n, max: 5_000_000n }),
      }),
      { minLength: 1, maxLength: 10 },
    ),
    jobDays: fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 8 }),
    rateChange: fc.option(fc.record({ day: fc.integer({ min: 1, max: 30 }), bp: fc.integer({ min: 0, max: 2000 }) }), {
      nil: null,
    }),
  });
  let n = 0;
  await fc.assert(
    fc.asyncProperty(scenario, async (s) => {
      n++;
      const base = start + n * 40;
      await t.database.db.delete(investFlexRates).where(sql`${investFlexRates.effectiveDay} > 0`);
      if (s.rateChange)
        await t.database.db
          .insert(investFlexRates)
          .values({ effectiveDay: base + s.rateChange.day, rateBp: s.rateChange.bp });
      const rate = (day: number) => (s.rateChange && day >= base + s.rateChange.day ? s.rateChange.bp : 200);
      const u = await newUser(100_000_000n);
      const at = (day: number) => ({ now: (base + day) * DAY + 12 * 3600 - 8 * 3600, tz: TZ });
      const done: Array<{ day: number; kind: 'in' | 'out'; amount: bigint }> = [];
      const events = [
        ...s.moves.map((m, i) => ({ ...m, i, job: false })),
        ...s.jobDays.map((d, i) => ({ day: d, kind: 'in' as const, amount: 0n, i: 100 + i, job: true })),
      ].sort((a, b) => a.day - b.day || a.i - b.i);
      for (const e of events) {
        const c = at(e.day);
        if (e.job) {
          await accrueFlexible(t.database.db, dayOf(c.now, TZ));
          continue;
        }
        if (e.kind === 'in') {
          await flexIn(t.database.db, { userId: u.id, body: { amount: formatMoney(e.amount), key: key() }, ...c });
          done.push({ day: base + e.day, kind: 'in', amount: e.amount });
        } else {
          // What the balance holds by then (interest included) bounds the move out.
          const held = await balance(u.id, 'yuebao');
          const want = e.amount <= held ? e.amount : held;
          if (want === 0n) continue;
          const q = await flexOutQuote(t.database.db, u.id, formatMoney(want), c);
          await flexOut(t.database.db, {
            userId: u.id,
            body: { amount: formatMoney(want), instant: q.instant, key: key() },
            ...c,
          });
          done.push({ day: base + e.day, kind: 'out', amount: want });
        }
      }
      const end = base + 32;
      await accrueFlexible(t.database.db, end);
      const expected = plain(done, base, end, rate);
      expect(await balance(u.id, 'yuebao')).toBe(expected.balance);
      const profit = await t.database.db.execute<{ total: string }>(
        sql`SELECT total_profit AS total FROM invest_flex_accounts WHERE user_id = ${u.id}`,
      );
      expect(BigInt(profit.rows[0]?.total ?? 0)).toBe(expected.total);
      // A second pass the same day credits nothing.
      expect(await accrueFlexible(t.database.db, end)).toBe(0);
    }),
    { numRuns: 25 },
  );
  await t.database.db.delete(investFlexRates).where(sql`${investFlexRates.effectiveDay} > 0`);
  await expectBalanced();
});
