import { afterAll, beforeAll, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { openStakeDrift } from '../../src/modules/orders/index.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { PRACTICE_ASSET, houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

// The open-stake row is what the open-stake limit reads instead of summing the user's open orders. Whatever mix of
// placements (in parallel, so they share group-commit batches), refusals, and settlements running beside them,
// the row must equal the sum of the open orders' stakes, and the limit must refuse exactly what the sum would.
let t: TestApp;
let market: MarketHarness;
const users: Array<{ token: string; id: number }> = [];
let keys = 0;

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
  for (let i = 0; i < 3; i++) {
    const u = await registerUser(t.app, t.database);
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        reference: `test:open-stakes:${u.user.id}`,
        kind: 'test',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: 10_000_000n }],
      }),
    );
    users.push({ token: u.token, id: u.user.id });
  }
}, 60_000);
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const placement = fc.record({
  user: fc.integer({ min: 0, max: 2 }),
  symbol: fc.constantFrom('BTC/USDT', 'ETH/USDT'),
  seconds: fc.constantFrom('30', '60'),
  amount: fc.integer({ min: 100, max: 4000 }),
  mode: fc.constantFrom('real', 'practice'),
});
const step = fc.record({
  placements: fc.array(placement, { minLength: 1, maxLength: 8 }),
  /** Seconds the market moves while the placements run: settlement runs beside them. */
  advance: fc.constantFrom(0, 5, 31, 61),
});

const openSum = async (userId: number, symbol: string, mode: string) => {
  const r = await t.database.db.execute<{ open: string }>(sql`
    SELECT coalesce(sum(o.stake), 0)::text AS open FROM contract_orders o JOIN products p ON p.id = o.product_id
    WHERE o.user_id = ${userId} AND p.symbol = ${symbol} AND o.mode = ${mode} AND o.status = 'open'`);
  return BigInt(r.rows[0]!.open);
};
const termsOf = async (symbol: string, seconds: string) => {
  const r = await t.database.db.execute<{ max_open: string; max: string; min: string }>(sql`
    SELECT t.max_open_stake::text AS max_open, t.max_stake::text AS max, t.min_stake::text AS min
    FROM contract_terms t JOIN products p ON p.id = t.product_id
    WHERE p.symbol = ${symbol} AND t.seconds = ${Number(seconds)}`);
  const row = r.rows[0]!;
  return { maxOpen: BigInt(row.max_open), max: BigInt(row.max), min: BigInt(row.min) };
};

it('the kept open stake equals the open orders, through placements, refusals and settlements', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 4 }), async (steps) => {
      for (const s of steps) {
        const answers = await Promise.all([
          ...s.placements.map((p) =>
            call(t.app, 'POST', '/api/user/addorder', {
              token: users[p.user]!.token,
              body: {
                symbol: p.symbol,
                seconds: p.seconds,
                amount: String(p.amount),
                direction: 'up',
                mode: p.mode,
                key: `os-${process.pid}-${++keys}`,
              },
            }),
          ),
          market.advance(s.advance),
        ]);
        for (const a of answers.slice(0, -1) as Array<{ code: number; key: string }>)
          // prices_starting: an order that came between the clock's move and the feed recording that second.
          expect([200, 'holding_max_amount', 'balance_insufficient', 'prices_starting']).toContain(
            a.code === 200 ? 200 : a.key,
          );
        expect(await openStakeDrift(t.database.db)).toEqual([]);
      }
    }),
    { numRuns: 12 },
  );
}, 240_000);

it('the limit refuses exactly the order that would take the open stake past the maximum', async () => {
  const u = users[0]!;
  await market.advance(120); // settle what the property left open
  expect(await openSum(u.id, 'ETH/USDT', 'real')).toBe(0n);
  const terms = await termsOf('ETH/USDT', '60');
  const place = (stake: bigint) =>
    call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      body: {
        symbol: 'ETH/USDT',
        seconds: '60',
        amount: (Number(stake) / 100).toFixed(2),
        direction: 'down',
        key: `os-${process.pid}-${++keys}`,
      },
    });
  // The largest stakes the terms allow, until the limit refuses one.
  let refused: { key: string } | null = null;
  for (let i = 0; i < 1000 && !refused; i++) {
    const a = await place(terms.max);
    if (a.code !== 200) refused = a;
  }
  expect(refused?.key).toBe('holding_max_amount');
  const open = await openSum(u.id, 'ETH/USDT', 'real');
  expect(open <= terms.maxOpen && open + terms.max > terms.maxOpen).toBe(true);
  // What is left under the maximum is still allowed, to the cent (when the terms allow so small a stake).
  const rest = terms.maxOpen - open;
  if (rest >= terms.min) expect((await place(rest)).code).toBe(200);
  expect(await openStakeDrift(t.database.db)).toEqual([]);
  await market.advance(61);
  expect(await openSum(u.id, 'ETH/USDT', 'real')).toBe(0n);
  expect(await openStakeDrift(t.database.db)).toEqual([]);
  expect((await place(terms.min)).code).toBe(200);
}, 120_000);

it('a practice placement and a settlement of the same open stake never wait on each other in a cycle', async () => {
  const u = await registerUser(t.app, t.database);
  const place = () =>
    call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      body: {
        symbol: 'BTC/USDT',
        seconds: '60',
        amount: '100',
        direction: 'up',
        mode: 'practice',
        key: `os-${process.pid}-${++keys}`,
      },
    });
  await market.advance(1);
  const first = await place(); // opens the practice account and the open-stake row
  expect(first.code, first.key).toBe(200);
  const waiting = async () => {
    const r = await t.database.db.execute<{ n: number }>(sql`
      SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`);
    return r.rows[0]!.n;
  };
  let placing: ReturnType<typeof place> | undefined;
  // A settlement's order of locks, held open: the open-stake row, then (once the placement waits) the accounts.
  await t.database.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT 1 FROM open_stakes WHERE user_id = ${u.user.id} AND mode = 'practice' FOR UPDATE`);
    placing = place();
    for (let i = 0; i < 200 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 10));
    expect(await waiting()).toBeGreaterThan(0);
    await tx.execute(sql`
      SELECT 1 FROM ledger_accounts WHERE code = ${userAccount(u.user.id, 'available', PRACTICE_ASSET)} FOR UPDATE`);
  });
  const second = await placing!;
  expect(second.code, second.key).toBe(200);
  expect(await openStakeDrift(t.database.db)).toEqual([]);
}, 60_000);
