import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

// The reality check: time in session, stakes and result since sign-in, from the recorded orders; the reminder's
// shortest interval from the server's configuration; a session length that ends the session on the server.

let t: TestApp;
let market: MarketHarness;
let keyCounter = 0;
const key = () => `r${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: Math.floor(Date.now() / 1000) }));
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

async function newUser() {
  const u = await registerUser(t.app, t.database);
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${u.user.id}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: 100_000n }],
    }),
  );
  return { ...u, id: u.user.id as number };
}
const reality = (token: string) => call(t.app, 'GET', '/api/user/reality', { token });

describe('the reality check', () => {
  it('counts the stakes and the result of this session’s real orders, and no one else’s', async () => {
    const u = await newUser();
    const before = await reality(u.token);
    expect(before.code).toBe(200);
    expect(before.data).toMatchObject({
      interval_minutes: null,
      session_limit_minutes: null,
      ends_at: null,
      orders: 0,
      staked: '0.00',
      net: '0.00',
      open_staked: '0.00',
    });
    expect(Math.abs(before.data.started_at - Date.now() / 1000)).toBeLessThan(60);

    const placed = await call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      body: { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: key() },
    });
    expect(placed.code, placed.msg).toBe(200);
    // A practice order is no money: not counted.
    const practice = await call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      body: { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: key(), mode: 'practice' },
    });
    expect(practice.code, practice.msg).toBe(200);
    const open = (await reality(u.token)).data;
    expect(open).toMatchObject({ orders: 1, staked: '10.05', open_staked: '10.05', net: '0.00' });

    await market.advance(30);
    const settled = (await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.data.id}`, { token: u.token }))
      .data;
    expect(settled.status).toBe('settled');
    const after = (await reality(u.token)).data;
    expect(after).toMatchObject({ orders: 1, staked: '10.05', open_staked: '0.00', net: settled.pnl });

    // Another user's session sees only their own.
    const other = await newUser();
    expect((await reality(other.token)).data).toMatchObject({ orders: 0, staked: '0.00' });
  });

  it('takes a reminder interval no shorter than the server allows, and uses it', async () => {
    const u = await newUser();
    const short = await call(t.app, 'POST', '/api/user/limits/reality', {
      token: u.token,
      body: { minutes: '5' },
      lang: 'de',
    });
    expect(short.key).toBe('reality_too_short');
    expect(short.msg).toContain('10 Minuten');
    expect((await reality(u.token)).data.interval_minutes).toBeNull();
    const set = await call(t.app, 'POST', '/api/user/limits/reality', { token: u.token, body: { minutes: '15' } });
    expect(set.code).toBe(200);
    expect(set.data).toMatchObject({ reality_minutes: 15, reality_min_minutes: 10 });
    expect((await reality(u.token)).data.interval_minutes).toBe(15);
    // Off again.
    await call(t.app, 'POST', '/api/user/limits/reality', { token: u.token, body: { minutes: '0' } });
    expect((await reality(u.token)).data.interval_minutes).toBeNull();
  });

  it('ends a session when its length is reached, on the server, and a new sign-in gets the same length', async () => {
    const u = await newUser();
    // This session began 31 minutes ago; a second one (another device) began now.
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '31 minutes' where user_id = ${u.id}`,
    );
    const login = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'secret123' },
    });
    expect(login.code, login.msg).toBe(200);
    const fresh = login.data.token as string;
    expect((await reality(u.token)).code).toBe(200);

    const set = await call(t.app, 'POST', '/api/user/limits/set', {
      token: fresh,
      body: { name: 'session_minutes', value: '30' },
    });
    expect(set.code).toBe(200);
    // The old session is over at once: every route refuses its token.
    const ended = await reality(u.token);
    expect(ended.code).toBe(401);
    expect(ended.key).toBe('session_expired');
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).code).toBe(401);
    // The new one runs to its 30 minutes, and the reminder falls back to the session length.
    const now = (await reality(fresh)).data;
    expect(now).toMatchObject({ session_limit_minutes: 30, interval_minutes: 30 });
    expect(now.ends_at).toBe(now.started_at + 30 * 60);

    // A later sign-in gets a session that ends 30 minutes after it began, not the usual 30 days.
    const again = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'secret123' },
    });
    const row = (
      await t.database.db.execute<{ len: number }>(
        sql`select extract(epoch from expires_at - created_at)::int as len from sessions where user_id = ${u.id} order by id desc limit 1`,
      )
    ).rows[0]!;
    expect(again.code).toBe(200);
    expect(row.len).toBe(30 * 60);
  });
});
