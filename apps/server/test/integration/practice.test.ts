import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { parseMoney } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { PRACTICE_ASSET, houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

let t: TestApp;
let market: MarketHarness;
let keyCounter = 0;
const key = () => `p${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
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
const realBalances = async (token: string) => (await call(t.app, 'GET', '/api/user/index', { token })).data.balances;
const practice = async (token: string) => (await call(t.app, 'GET', '/api/user/practice', { token })).data;
const cents = (s: string) => parseMoney(s)!;

async function fund(userId: number, amount: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${userId}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount }],
    }),
  );
}

async function newUser(real = 0n) {
  const u = await registerUser(t.app, t.database);
  if (real > 0n) await fund(u.user.id, real);
  return { id: u.user.id as number, token: u.token as string };
}

async function mixedJournals(): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM (
      SELECT e.journal_id FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      GROUP BY e.journal_id HAVING bool_or(a.asset = 'PUSD') AND bool_or(a.asset <> 'PUSD')) s`);
  return r.rows[0]!.n;
}

describe('practice account', () => {
  it('opens lazily with 10,000 U, apart from the real balance', async () => {
    const u = await newUser(50_000n);
    expect(await practice(u.token)).toEqual({
      available: '10000.00',
      frozen: '0.00',
      total: '10000.00',
      start: '10000.00',
      can_reset: true,
    });
    expect((await realBalances(u.token)).available).toBe('500.00');
    // Asking again does not credit it twice.
    expect((await practice(u.token)).available).toBe('10000.00');
  });

  it('a practice order moves practice money only, settles on the recorded price and is listed apart', async () => {
    const u = await newUser(50_000n);
    const before = await realBalances(u.token);
    const placed = await order(u.token, { amount: '200', mode: 'practice' });
    expect(placed.code).toBe(200);
    expect(placed.data).toMatchObject({ mode: 'practice', amount: '200.00', status: 'open' });
    expect(await practice(u.token)).toMatchObject({ available: '9799.00', frozen: '200.00' });
    expect(await realBalances(u.token)).toEqual(before);

    const real = await call(t.app, 'GET', '/api/user/orderlist', { token: u.token });
    expect(real.data.items).toHaveLength(0);
    const listed = await call(t.app, 'GET', '/api/user/orderlist?mode=practice', { token: u.token });
    expect(listed.data.items.map((o: { id: number }) => o.id)).toEqual([placed.data.id]);

    await market.advance(31);
    const settled = await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.data.id}`, { token: u.token });
    expect(settled.data.status).toBe('settled');
    const p = await practice(u.token);
    expect(p.frozen).toBe('0.00');
    expect(cents(p.available)).toBe(1_000_000n - 20_100n + cents(settled.data.payout));
    expect(await realBalances(u.token)).toEqual(before);
  });

  it('a practice order needs practice money, not real money', async () => {
    const u = await newUser(0n);
    const placed = await order(u.token, { amount: '100', mode: 'practice' });
    expect(placed.code).toBe(200);
    const realOrder = await order(u.token, { amount: '100' });
    expect(realOrder.key).toBe('balance_insufficient');
  });

  it('the database refuses a journal that mixes practice and real accounts', async () => {
    const u = await newUser(10_000n);
    await practice(u.token);
    // Straight SQL, past every check in code: the trigger still refuses it.
    const attempt = t.database.db.transaction(async (tx) => {
      const j = await tx.execute<{ id: string }>(
        sql`INSERT INTO ledger_journals (reference, kind) VALUES (${`test:mix:${key()}`}, 'test') RETURNING id`,
      );
      const id = j.rows[0]!.id;
      await tx.execute(sql`
        INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after)
        SELECT ${id}, a.id, 'USD', CASE WHEN a.code = ${userAccount(u.id, 'available')} THEN -100 ELSE 100 END, 0
        FROM ledger_accounts a WHERE a.code IN (${userAccount(u.id, 'available')}, ${userAccount(u.id, 'available', PRACTICE_ASSET)})`);
    });
    await expect(attempt).rejects.toMatchObject({ cause: { constraint: 'ledger_entries_practice_apart' } });
    // A second statement adding the other side to a one-world journal is refused as well.
    const split = t.database.db.transaction(async (tx) => {
      const j = await tx.execute<{ id: string }>(
        sql`INSERT INTO ledger_journals (reference, kind) VALUES (${`test:mix:${key()}`}, 'test') RETURNING id`,
      );
      const id = j.rows[0]!.id;
      // Each statement balanced on its own (the balance check passes), practice in the first and real in the second.
      await tx.execute(sql`INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after)
        SELECT ${id}, id, asset, a, 0 FROM ledger_accounts, unnest(array[-100, 100]) a
        WHERE code = ${userAccount(u.id, 'available', PRACTICE_ASSET)}`);
      await tx.execute(sql`INSERT INTO ledger_entries (journal_id, account_id, asset, amount, balance_after)
        SELECT ${id}, id, asset, a, 0 FROM ledger_accounts, unnest(array[-100, 100]) a
        WHERE code = ${userAccount(u.id, 'available')}`);
    });
    await expect(split).rejects.toMatchObject({ cause: { constraint: 'ledger_entries_practice_apart' } });
    await expect(
      t.database.db.execute(
        sql`UPDATE ledger_accounts SET asset = 'USD' WHERE code = ${userAccount(u.id, 'available', PRACTICE_ASSET)}`,
      ),
    ).rejects.toMatchObject({ cause: { constraint: 'ledger_accounts_asset_fixed' } });
    expect(await mixedJournals()).toBe(0);
  });

  it('resets to 10,000 U once a platform day, refused the second time also when two race', async () => {
    const u = await newUser();
    expect((await order(u.token, { amount: '300', mode: 'practice' })).code).toBe(200);
    const [a, b] = await Promise.all([
      call(t.app, 'POST', '/api/user/practice/reset', { token: u.token }),
      call(t.app, 'POST', '/api/user/practice/reset', { token: u.token }),
    ]);
    expect([a.code, b.code].sort()).toEqual([200, 409]);
    expect([a.key, b.key].sort()).toEqual(['practice_reset_done', 'practice_reset_used']);
    const done = (a.code === 200 ? a : b).data;
    expect(done).toMatchObject({ available: '10000.00', frozen: '300.00', can_reset: false });
    const again = await call(t.app, 'POST', '/api/user/practice/reset', { token: u.token });
    expect(again.code).toBe(409);
    expect(again.msg).toBeTruthy();
    // The next platform day it may reset again.
    const saved = market.clock.t;
    market.clock.t += 86_400;
    try {
      expect((await practice(u.token)).can_reset).toBe(true);
      expect((await call(t.app, 'POST', '/api/user/practice/reset', { token: u.token })).code).toBe(200);
    } finally {
      market.clock.t = saved;
    }
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });
});

const step = fc.oneof(
  fc.record({
    kind: fc.constant('order' as const),
    mode: fc.constantFrom('real' as const, 'practice' as const),
    amount: fc.integer({ min: 10, max: 300 }),
    direction: fc.constantFrom('up', 'down'),
  }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant('reset' as const) }),
);

it('over random mixes of real and practice orders, real balances follow real orders only and the ledger is clean', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
      // As much as practice money, so eight orders of up to 300 (and fees) never run out: a refusal for the
      // balance would be right, but it is not what this property is about.
      const start = 1_000_000n;
      const u = await newUser(start);
      for (const s of steps) {
        if (s.kind === 'order') {
          const placed = await order(u.token, { amount: String(s.amount), mode: s.mode, direction: s.direction });
          // Stake limits apply to both modes alike; anything else must open.
          if (placed.key !== 'holding_max_amount') {
            expect(placed.code).toBe(200);
            expect(placed.data.mode).toBe(s.mode);
          }
        } else if (s.kind === 'advance') {
          await market.advance(s.seconds);
        } else {
          const r = await call(t.app, 'POST', '/api/user/practice/reset', { token: u.token });
          expect([200, 409]).toContain(r.code);
        }
        // The real balance is exactly what the real orders made of it.
        const rows = await t.database.db.execute<{ mode: string; owed: string; back: string; open: string }>(sql`
          SELECT mode, coalesce(sum(stake + fee), 0)::text AS owed,
                 coalesce(sum(payout) FILTER (WHERE status = 'settled'), 0)::text AS back,
                 coalesce(sum(stake) FILTER (WHERE status = 'open'), 0)::text AS open
          FROM contract_orders WHERE user_id = ${u.id} GROUP BY mode`);
        const real = rows.rows.find((r) => r.mode === 'real') ?? { owed: '0', back: '0', open: '0' };
        const b = await realBalances(u.token);
        expect(cents(b.available)).toBe(start - BigInt(real.owed) + BigInt(real.back));
        expect(cents(b.frozen)).toBe(BigInt(real.open));
        const pr = rows.rows.find((r) => r.mode === 'practice');
        const p = await practice(u.token);
        expect(cents(p.frozen)).toBe(BigInt(pr?.open ?? '0'));
      }
    }),
    { numRuns: 25 },
  );
  expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  expect(await mixedJournals()).toBe(0);
  // Practice money is a closed world: its accounts (the practice house included) sum to zero.
  const sums = await t.database.db.execute<{ asset: string; total: string }>(
    sql`SELECT asset, sum(balance)::text AS total FROM ledger_accounts GROUP BY asset`,
  );
  for (const r of sums.rows) expect(r.total).toBe('0');
}, 240_000);

describe('my trading (P/L)', () => {
  it('matches the orders, practice and real apart, computed afresh on every request', async () => {
    const u = await newUser(500_000n);
    for (const [mode, amount, direction] of [
      ['real', '100', 'up'],
      ['real', '50', 'down'],
      ['practice', '300', 'up'],
      ['real', '20', 'up'],
    ] as const)
      expect((await order(u.token, { mode, amount, direction })).code).toBe(200);
    await market.advance(31);
    expect((await order(u.token, { mode: 'real', amount: '10' })).code).toBe(200); // still open
    for (const mode of ['real', 'practice'] as const) {
      const orders = (await call(t.app, 'GET', `/api/user/orderlist?mode=${mode}&size=100`, { token: u.token })).data
        .items as Array<{ status: string; result: string; pnl: string; fee: string; symbol: string }>;
      const settled = orders.filter((o) => o.status === 'settled');
      const sum = (xs: string[]) => xs.reduce((a, x) => a + cents(x), 0n);
      const p = (await call(t.app, 'GET', `/api/user/pnl?mode=${mode}`, { token: u.token })).data;
      expect(p.mode).toBe(mode);
      expect(p.total.orders).toBe(settled.length);
      expect(p.total.open).toBe(orders.length - settled.length);
      expect(cents(p.total.pnl)).toBe(sum(settled.map((o) => o.pnl)));
      expect(cents(p.total.fees)).toBe(sum(settled.map((o) => o.fee)));
      const wins = settled.filter((o) => o.result === 'win').length;
      expect(p.total.wins).toBe(wins);
      expect(p.total.win_rate).toBe(((wins * 100) / settled.length).toFixed(2));
      expect(p.periods.today).toEqual(p.periods.all);
      expect(p.by_day).toHaveLength(1);
      expect(p.by_product).toEqual([
        {
          symbol: 'BTC/USDT',
          name: expect.any(String),
          orders: settled.length,
          wins,
          pnl: p.total.pnl,
          fees: p.total.fees,
        },
      ]);
    }
    const none = (await call(t.app, 'GET', '/api/user/pnl?mode=practice', { token: (await newUser()).token })).data;
    expect(none.total).toMatchObject({ orders: 0, win_rate: null, pnl: '0.00' });
  });
});
