import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { COUNT_CAP } from '@app/contracts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { postJournals, houseAccount, userAccount } from '../../src/modules/ledger/index.ts';
import { postInboxMessage } from '../../src/modules/inbox/index.ts';

let t: TestApp;
let token: string;
let userId: number;

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app, t.database);
  token = u.token;
  userId = Number(u.user.id);
});
afterAll(async () => {
  await t?.close();
});

type Page = { items: Array<{ id: number }>; total: number; next: string | null };
const get = async (url: string) => {
  const answer = await call<Page>(t.app, 'GET', url, { token });
  expect(answer.code, `${url}: ${answer.key}`).toBe(200);
  return answer.data;
};
const join = (path: string) => (path.includes('?') ? '&' : '?');

/** Every row by cursor, calling `between` after each page (rows being added meanwhile). */
async function byCursor(path: string, size: number, between: () => Promise<void> = async () => {}) {
  const ids: number[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const page: Page = await get(`${path}${join(path)}size=${size}${cursor ? `&cursor=${cursor}` : ''}`);
    ids.push(...page.items.map((r) => r.id));
    cursor = page.next;
    await between();
  }
  return ids;
}

async function byPage(path: string, size: number) {
  const ids: number[] = [];
  for (let page = 1; ; page++) {
    const answer = await get(`${path}${join(path)}size=${size}&page=${page}`);
    ids.push(...answer.items.map((r) => r.id));
    if (answer.items.length < size) return ids;
  }
}

/** The newest-first walk as it stood, then again by cursor while a row is added before every page. */
async function expectStablePaging(path: string, size: number, add: () => Promise<void>) {
  const pages = await byPage(path, size);
  expect(pages.length).toBeGreaterThan(size * 2);
  expect(new Set(pages).size).toBe(pages.length);
  expect([...pages].sort((a, b) => b - a)).toEqual(pages);
  const cursors = await byCursor(path, size);
  expect(cursors).toEqual(pages);
  // Rows added while paging are newer than the first page: the walk neither repeats nor skips any row it started on.
  const during = await byCursor(path, size, add);
  expect(during).toEqual(pages);
  const after = await byPage(path, size);
  expect(after.length).toBeGreaterThan(pages.length);
  expect(after.slice(after.length - pages.length)).toEqual(pages);
}

describe('keyset paging', () => {
  it('walks the statement, merged over several accounts, the same by cursor and by page while entries are added', async () => {
    let n = 0;
    const post = (count: number) =>
      t.database.db.transaction((tx) =>
        postJournals(
          tx,
          Array.from({ length: count }, () => {
            n++;
            // Credits to available, and every third a move to frozen: entries on two of the user's accounts.
            return n % 3 === 0
              ? {
                  reference: `paging:${userId}:${n}`,
                  kind: 'order_open',
                  transfers: [
                    { from: userAccount(userId, 'available'), to: userAccount(userId, 'frozen'), amount: 1n },
                  ],
                }
              : {
                  reference: `paging:${userId}:${n}`,
                  kind: 'system_gift',
                  transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 100n }],
                };
          }),
        ),
      );
    await post(40);
    await expectStablePaging('/api/user/finance', 7, () => post(1).then(() => undefined));
    // A filtered walk (one statement type) pages the same way.
    const bonus = await byPage('/api/user/finance?type=bonus', 5);
    expect(await byCursor('/api/user/finance?type=bonus', 5)).toEqual(bonus);
  });

  it('walks the inbox the same by cursor and by page while messages arrive', async () => {
    let n = 0;
    const add = () =>
      postInboxMessage(t.database.db, {
        userId,
        kind: 'deposit_approved',
        params: { amount: '1.00' },
        reference: `paging:${++n}`,
      }).then(() => undefined);
    for (let i = 0; i < 30; i++) await add();
    await expectStablePaging('/api/user/msg', 6, add);
  });

  it('walks the orders, and one status of them, the same by cursor and by page while orders are placed', async () => {
    const product = (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id LIMIT 1`))
      .rows[0]!.id;
    let n = 0;
    const add = async () => {
      n++;
      const settled = n % 2 === 0;
      await t.database.db.execute(sql`
        INSERT INTO contract_orders (user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
          open_time, open_price, settle_time, settle_tick_time, settle_price, status, result, payout)
        VALUES (${userId}, ${product}, 'up', 100, 0, 60, 8500, 10000, 0, ${1_700_000_000 + n}, 1000,
          ${1_700_000_060 + n}, ${settled ? 1_700_000_060 + n : null}, ${settled ? 1001 : null},
          ${settled ? 'settled' : 'open'}, ${settled ? 'win' : null}, ${settled ? 185 : null})`);
    };
    for (let i = 0; i < 40; i++) await add();
    await expectStablePaging('/api/user/orderlist', 6, add);
    const settled = await byPage('/api/user/orderlist?status=settled', 4);
    expect(await byCursor('/api/user/orderlist?status=settled', 4)).toEqual(settled);
  });

  it('walks plan holdings, live ones first, the same by cursor and by page', async () => {
    const id = userId;
    const plans = (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM invest_plans ORDER BY id LIMIT 4`))
      .rows;
    expect(plans.length).toBeGreaterThanOrEqual(3);
    // Settled and live holdings interleaved by id: the list's order is not the ids' order.
    const hold = (planId: number, status: number) =>
      t.database.db.execute(sql`
        INSERT INTO invest_holdings (user_id, plan_id, title, status, rate_bp, period_days, early_exit_rate_bp,
          share_type, min_amount, first_day, last_day)
        VALUES (${id}, ${planId}, 'plan', ${status}, 500, 30, 100, 'daily', 10000, 20000, 20029)`);
    for (const [i, plan] of plans.entries()) {
      for (let n = 0; n < 5; n++) await hold(plan.id, 2);
      await hold(plan.id, i % 2 === 0 ? 1 : 3);
    }
    const path = '/api/user/myproject';
    const pages = await byPage(path, 3);
    const expected = (
      await t.database.db.execute<{ id: string }>(
        sql`SELECT id FROM invest_holdings WHERE user_id = ${id} ORDER BY status = 2, id DESC`,
      )
    ).rows.map((r) => Number(r.id));
    expect(pages).toEqual(expected);
    expect(await byCursor(path, 3)).toEqual(expected);
    // A page that ends on the last live holding hands on to the settled ones.
    expect(await byCursor(path, plans.length)).toEqual(expected);
    expect(await byCursor(`${path}?status=2`, 4)).toEqual(expected.slice(plans.length));
    expect((await call(t.app, 'GET', `${path}?cursor=x12`, { token })).status).toBe(400);
  });

  it('counts a list only up to its cap, saying when there are more, while paging still reaches every row', async () => {
    const u = await registerUser(t.app, t.database);
    const id = Number(u.user.id);
    const product = (await t.database.db.execute<{ id: number }>(sql`SELECT id FROM products ORDER BY id LIMIT 1`))
      .rows[0]!.id;
    const place = (count: number) =>
      t.database.db.execute(sql`
        INSERT INTO contract_orders (user_id, product_id, direction, stake, fee, seconds, payout_bp, loss_bp, fee_bp,
          open_time, open_price, settle_time, settle_tick_time, settle_price, status, result, payout)
        SELECT ${id}, ${product}, 'up', 100, 0, 60, 8500, 10000, 0, 1700000000 + n, 1000, 1700000060 + n,
          1700000060 + n, 1001, 'settled', 'win', 185
        FROM generate_series(1, ${count}) n`);
    const orders = async () =>
      (await call<Page & { total_capped: boolean }>(t.app, 'GET', '/api/user/orderlist?size=50', { token: u.token }))
        .data;
    await place(COUNT_CAP);
    expect(await orders()).toMatchObject({ total: COUNT_CAP, total_capped: false });
    await place(1);
    expect(await orders()).toMatchObject({ total: COUNT_CAP, total_capped: true });
    let rows = 0;
    for (let cursor: string | null = ''; cursor !== null;) {
      const page: Page = (
        await call<Page>(t.app, 'GET', `/api/user/orderlist?size=100${cursor ? `&cursor=${cursor}` : ''}`, {
          token: u.token,
        })
      ).data;
      rows += page.items.length;
      cursor = page.next;
    }
    expect(rows).toBe(COUNT_CAP + 1);

    // The statement counts through its own SQL: past the cap too, and a filter under the cap is exact.
    await t.database.db.transaction((tx) =>
      postJournals(
        tx,
        Array.from({ length: COUNT_CAP + 1 }, (_, n) => ({
          reference: `cap:${id}:${n}`,
          kind: n < 3 ? 'deposit_bonus' : 'order_open',
          transfers:
            n < 3
              ? [{ from: houseAccount('bonuses'), to: userAccount(id, 'available'), amount: 100_000n }]
              : [{ from: userAccount(id, 'available'), to: userAccount(id, 'frozen'), amount: 1n }],
        })),
      ),
    );
    const finance = async (query: string) =>
      (await call<Page & { total_capped: boolean }>(t.app, 'GET', `/api/user/finance${query}`, { token: u.token }))
        .data;
    expect(await finance('')).toMatchObject({ total: COUNT_CAP, total_capped: true });
    expect(await finance('?type=bonus')).toMatchObject({ total: 3, total_capped: false });

    // The inbox, and its unread count (the tab bar's badge shows 99+ past 99), stop counting at the cap too.
    await t.database.db.execute(sql`
      INSERT INTO inbox_messages (user_id, kind, params, reference)
      SELECT ${id}, 'deposit_approved', '{"amount":"1.00"}'::jsonb, 'cap:' || n FROM generate_series(1, ${COUNT_CAP + 1}) n`);
    const inbox = (
      await call<Page & { total_capped: boolean; unread: number }>(t.app, 'GET', '/api/user/msg', { token: u.token })
    ).data;
    expect(inbox).toMatchObject({ total: COUNT_CAP, total_capped: true, unread: COUNT_CAP });
    expect((await call<{ unread: number }>(t.app, 'GET', '/api/user/msg_unread', { token: u.token })).data.unread).toBe(
      COUNT_CAP,
    );
  });

  it('refuses a cursor that is not an id', async () => {
    const answer = await call(t.app, 'GET', '/api/user/msg?cursor=abc', { token });
    expect(answer.status).toBe(400);
  });
});
