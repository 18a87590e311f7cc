import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { connect } from '../../src/platform/db/client.ts';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/platform/config/env.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { pngImage, uploadProof } from './wallet-helpers.ts';
import { taskOutcomes } from './copy-helpers.ts';
import { CopyJob } from '../../src/jobs/copy.job.ts';
import { silentLog } from '../helpers/market-harness.ts';

// The limits users set on themselves, time-outs and self-exclusion, held by the server where money moves.
// The clock starts at the machine's time, so the deposits' own timestamps fall in the windows the clock sees.

let t: TestApp;
let market: MarketHarness;
let keyCounter = 0;
const key = () => `l${process.pid}-${Date.now()}-${++keyCounter}`;
const DAY = 86_400;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: Math.floor(Date.now() / 1000) }));
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

type User = Awaited<ReturnType<typeof newUser>>;
async function newUser(cents = 1_000_000n) {
  const u = await registerUser(t.app, t.database);
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${u.user.id}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: cents }],
    }),
  );
  return { ...u, id: u.user.id as number };
}

const order = (u: User, amount: string, extra: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  call(app, 'POST', '/api/user/addorder', {
    token: u.token,
    body: { symbol: 'BTC/USDT', seconds: '30', amount, direction: 'up', key: key(), ...extra },
  });
const setLimit = (u: User, name: string, value: string) =>
  call(t.app, 'POST', '/api/user/limits/set', { token: u.token, body: { name, value } });
const limits = async (u: User) => (await call(t.app, 'GET', '/api/user/limits', { token: u.token })).data;
const limitOf = async (u: User, name: string) =>
  (await limits(u)).limits.find((l: { name: string }) => l.name === name);
const openCount = async (u: User) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from contract_orders where user_id = ${u.id} and status = 'open'`,
      )
    ).rows[0]!.n,
  );
const available = async (u: User) =>
  (await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances.available;
const nextMidnight = () => (Math.floor(market.clock.t / DAY) + 1) * DAY;

/** A refusal that names its limit, and an act that changed nothing. */
async function expectRefused(u: User, answer: Awaited<ReturnType<typeof order>>, limit: string, before: number) {
  expect(answer.key).toBe('limit_reached');
  expect(answer.code).toBe(422);
  expect(answer.data.params.limit).toBe(limit);
  expect(await openCount(u)).toBe(before);
}

describe('the largest single stake', () => {
  it('allows a stake exactly at the limit and refuses a cent more, changing nothing', async () => {
    const u = await newUser();
    expect((await setLimit(u, 'max_stake', '50')).code).toBe(200);
    expect((await order(u, '50')).code).toBe(200);
    const balance = await available(u);
    await expectRefused(u, await order(u, '50.01'), 'max_stake', 1);
    expect(await available(u)).toBe(balance);
  });

  it('says which limit in the request language', async () => {
    const u = await newUser();
    await setLimit(u, 'max_stake', '20');
    const en = await order(u, '30');
    expect(en.msg).toBe('This would go over your largest single stake of 20.00 U. Choose a smaller stake.');
    const zh = await call(t.app, 'POST', '/api/user/addorder', {
      token: u.token,
      lang: 'zh',
      body: { symbol: 'BTC/USDT', seconds: '30', amount: '30', direction: 'up', key: key() },
    });
    expect(zh.msg).toContain('单笔最大金额');
  });
});

describe('stake turnover per day', () => {
  it('counts every stake of the day and refuses the one that would cross, naming when it frees', async () => {
    const u = await newUser();
    await setLimit(u, 'turnover_day', '100');
    expect((await order(u, '60')).code).toBe(200);
    const refused = await order(u, '40.01');
    await expectRefused(u, refused, 'turnover_day', 1);
    expect(refused.data.params.resets_at).toBe(nextMidnight());
    expect((await order(u, '40')).code).toBe(200);
    await expectRefused(u, await order(u, '10'), 'turnover_day', 2);
    // Other limits and practice orders are untouched by it.
    expect((await order(u, '10', { mode: 'practice' })).code).toBe(200);
    expect(await limitOf(u, 'turnover_day')).toMatchObject({ value: '100.00', used: '100.00' });
  });

  it('counts the orders of the day placed before the limit was set', async () => {
    const u = await newUser();
    expect((await order(u, '70')).code).toBe(200);
    await setLimit(u, 'turnover_week', '100');
    await expectRefused(u, await order(u, '30.01'), 'turnover_week', 1);
    expect((await order(u, '30')).code).toBe(200);
  });

  it('lets no two concurrent orders cross it together, across two nodes', async () => {
    const u = await newUser();
    await setLimit(u, 'turnover_day', '100');
    // A second node: its own connection pool and its own group commit, on the same database.
    const second = connect(t.database.url);
    const node2 = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      db: second.db,
      sender: new OutboxSender(second.db),
      clock: market.now,
    });
    try {
      await node2.ready();
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) => order(u, '20', {}, i % 2 ? node2 : t.app)),
      );
      expect(answers.filter((a) => a.code === 200)).toHaveLength(5);
      expect(answers.filter((a) => a.key === 'limit_reached')).toHaveLength(11);
      expect(await openCount(u)).toBe(5);
    } finally {
      await node2.close();
      await second.close();
    }
  });
});

describe('net loss', () => {
  it('counts stakes and fees of open orders as lost, and what settlement paid back', async () => {
    const u = await newUser();
    // 100 U at a 0.5 % fee: 100.50 paid in, the whole of it lost until the order settles.
    await setLimit(u, 'loss_day', '100.50');
    const placed = await order(u, '100');
    expect(placed.code).toBe(200);
    await expectRefused(u, await order(u, '10'), 'loss_day', 1);
    expect(await limitOf(u, 'loss_day')).toMatchObject({ used: '100.50' });
    await market.advance(30);
    const settled = (await call(t.app, 'GET', `/api/user/get_this_order?id=${placed.data.id}`, { token: u.token }))
      .data;
    expect(settled.status).toBe('settled');
    const lost = 100.5 - Number(settled.payout);
    expect(Number((await limitOf(u, 'loss_day')).used)).toBeCloseTo(lost, 2);
    const next = await order(u, '10');
    // 10 U more costs 10.05 of the limit: allowed exactly when what is lost leaves room for it.
    if (lost + 10.05 <= 100.5) expect(next.code).toBe(200);
    else await expectRefused(u, next, 'loss_day', 0);
  });
});

describe('open orders', () => {
  it('refuses an order beyond the count and allows it again once one settles', async () => {
    const u = await newUser();
    await setLimit(u, 'open_orders', '2');
    expect((await order(u, '10')).code).toBe(200);
    expect((await order(u, '10')).code).toBe(200);
    const third = await order(u, '10');
    await expectRefused(u, third, 'open_orders', 2);
    expect(third.data.params.frees).toBe('settle');
    await market.advance(30);
    expect((await order(u, '10')).code).toBe(200);
  });
});

describe('the session length', () => {
  it("refuses orders on a session older than the limit, from the session's sign-in", async () => {
    const u = await newUser();
    await setLimit(u, 'session_minutes', '30');
    expect((await order(u, '10')).code).toBe(200);
    // The session began 30 minutes ago.
    await t.database.db.execute(
      sql`update sessions set created_at = now() - interval '30 minutes' where user_id = ${u.id}`,
    );
    const refused = await order(u, '10');
    await expectRefused(u, refused, 'session_minutes', 1);
    expect(refused.data.params.frees).toBe('session');
    // Withdrawals, statements and the rest of the account stay open.
    expect((await call(t.app, 'GET', '/api/user/orderlist', { token: u.token })).code).toBe(200);
  });
});

describe('changing a limit', () => {
  it('lowers at once; a raise or removal waits 24 hours and then needs the user to confirm it', async () => {
    const u = await newUser();
    await setLimit(u, 'max_stake', '50');
    await setLimit(u, 'max_stake', '40');
    expect(await limitOf(u, 'max_stake')).toMatchObject({ value: '40.00', pending: null });
    await setLimit(u, 'max_stake', '100');
    const waiting = await limitOf(u, 'max_stake');
    expect(waiting.value).toBe('40.00');
    expect(waiting.pending).toMatchObject({ value: '100.00', effective_at: market.clock.t + DAY, confirmable: false });
    await expectRefused(u, await order(u, '80'), 'max_stake', 0);
    const early = await call(t.app, 'POST', '/api/user/limits/confirm', {
      token: u.token,
      body: { name: 'max_stake' },
    });
    expect(early.key).toBe('limit_not_due');
    const start = market.clock.t;
    try {
      market.clock.t = start + DAY - 1;
      expect(
        (await call(t.app, 'POST', '/api/user/limits/confirm', { token: u.token, body: { name: 'max_stake' } })).key,
      ).toBe('limit_not_due');
      // Not in force by itself once due: only the user's second word applies it.
      market.clock.t = start + DAY;
      expect((await limitOf(u, 'max_stake')).value).toBe('40.00');
      const confirmed = await call(t.app, 'POST', '/api/user/limits/confirm', {
        token: u.token,
        body: { name: 'max_stake' },
      });
      expect(confirmed.code).toBe(200);
      expect(confirmed.data.limits.find((l: { name: string }) => l.name === 'max_stake')).toMatchObject({
        value: '100.00',
        pending: null,
      });
    } finally {
      market.clock.t = start;
    }
    expect((await order(u, '80')).code).toBe(200);
  });

  it('a removal waits as a raise does, and a lower value in the meantime drops it', async () => {
    const u = await newUser();
    await setLimit(u, 'open_orders', '3');
    await setLimit(u, 'open_orders', '');
    expect(await limitOf(u, 'open_orders')).toMatchObject({ value: '3', pending: { value: null } });
    await setLimit(u, 'open_orders', '2');
    expect(await limitOf(u, 'open_orders')).toMatchObject({ value: '2', pending: null });
    expect((await setLimit(u, 'open_orders', '0')).key).toBe('invalid_request');
    expect((await setLimit(u, 'nope', '1')).key).toBe('invalid_request');
  });
});

async function recharge(u: User, amount: string) {
  const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: u.token })).data.channels;
  const uploadId = await uploadProof(t.app, u.token, await pngImage(Math.floor(Math.random() * 1000)));
  return call(t.app, 'POST', '/api/user/dorecharge', {
    token: u.token,
    body: {
      channel_id: String(channels[0].id),
      amount,
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: uploadId,
      key: key(),
    },
  });
}

describe('deposits', () => {
  it('counts every deposit request of the day but refused ones, exactly to the limit', async () => {
    const u = await newUser();
    await setLimit(u, 'deposit_day', '300');
    expect((await recharge(u, '200')).code).toBe(200);
    const refused = await recharge(u, '100.01');
    expect(refused.key).toBe('limit_reached');
    expect(refused.data.params.limit).toBe('deposit_day');
    expect((await recharge(u, '100')).code).toBe(200);
    expect((await limitOf(u, 'deposit_day')).used).toBe('300.00');
    // Orders are not deposits.
    expect((await order(u, '100')).code).toBe(200);
  });
});

describe('time-out and self-exclusion', () => {
  const exclude = (u: User, period: string, confirm = 'true') =>
    call(t.app, 'POST', '/api/user/limits/exclude', { token: u.token, body: { period, confirm } });

  it('needs an explicit confirmation', async () => {
    const u = await newUser();
    expect((await exclude(u, '1d', 'false')).key).toBe('agreement_required');
    expect((await limits(u)).exclusion).toBeNull();
  });

  it('stops trading, deposits, copying and plan purchases, but not sign-in, statements or withdrawals', async () => {
    const u = await newUser();
    const answer = await exclude(u, '6m');
    expect(answer.code).toBe(200);
    expect(answer.data.exclusion).toMatchObject({ kind: 'self_exclusion', until: market.clock.t + 182 * DAY });
    for (const mode of ['real', 'practice']) {
      const refused = await order(u, '10', { mode });
      expect(refused.key).toBe('self_excluded');
      expect(refused.code).toBe(403);
    }
    expect((await recharge(u, '100')).key).toBe('self_excluded');
    const plan = (await call(t.app, 'GET', '/api/user/yeb_project?filter=all', { token: u.token })).data.items[0];
    expect(plan).toBeDefined();
    {
      const join = await call(t.app, 'POST', '/api/user/yebjoinnow', {
        token: u.token,
        body: { id: String(plan.id), amount: '1000', key: key() },
      });
      expect(join.key).toBe('self_excluded');
    }
    const follow = await call(t.app, 'POST', '/api/user/goorder', {
      token: u.token,
      body: { leader_id: '999999', amount: '10', max_amount: '100', daily_loss: '100', agree: '1' },
    });
    // An unknown leader is refused first; with a real one the exclusion would be.
    expect(['copy_leader_not_found', 'self_excluded']).toContain(follow.key);
    const login = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'secret123' },
    });
    expect(login.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/orderlist', { token: u.token })).code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/cash', { token: u.token })).key).not.toBe('self_excluded');
  });

  it('cannot be shortened or ended, by the user, an operator or a statement, and survives a restart', async () => {
    const u = await newUser();
    await exclude(u, '1y');
    expect((await exclude(u, '30d')).key).toBe('exclusion_shorter');
    expect((await exclude(u, '6m')).key).toBe('exclusion_shorter');
    await expect(
      t.database.db.execute(sql`update user_limits set excluded_until = null where user_id = ${u.id}`),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`delete from user_limits where user_id = ${u.id}`)).rejects.toThrow();
    // Operators see it on the user's page.
    const seen = await t.admin.inject({
      method: 'GET',
      url: `/admin/users/${u.id}/limits`,
      headers: operatorHeaders('sam'),
    });
    expect(seen.json().data.exclusion).toMatchObject({ kind: 'self_exclusion' });
    const nobody = await t.admin.inject({
      method: 'GET',
      url: '/admin/users/999999999/limits',
      headers: operatorHeaders('sam'),
    });
    expect(nobody.json().key).toBe('user_not_found');
    // An operator's act on the account (sign-out everywhere) leaves it as it was.
    await t.admin.inject({
      method: 'POST',
      url: `/admin/users/${u.id}/sessions/revoke`,
      headers: operatorHeaders('sam'),
      payload: { reason: 'customer asked to be signed out' },
    });
    const again = (
      await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })
    ).data.token as string;
    // A restarted node: a new app and a new connection pool over the same database.
    const second = connect(t.database.url);
    const restarted = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      db: second.db,
      sender: new OutboxSender(second.db),
      clock: market.now,
    });
    try {
      await restarted.ready();
      const refused = await order({ ...u, token: again }, '10', {}, restarted);
      expect(refused.key).toBe('self_excluded');
    } finally {
      await restarted.close();
      await second.close();
    }
  });

  it('a time-out ends by itself at its time', async () => {
    const u = await newUser();
    const answer = await exclude(u, '1d');
    expect(answer.data.exclusion).toMatchObject({ kind: 'timeout', until: market.clock.t + DAY });
    expect((await order(u, '10')).key).toBe('self_excluded');
    expect((await exclude(u, '7d')).data.exclusion).toMatchObject({ until: market.clock.t + 7 * DAY });
  });
});

describe('copy fills', () => {
  it("skip a follower's copy that would cross their limit or falls in their break, and nothing else", async () => {
    const job = new CopyJob({ db: t.database.db, log: silentLog, tz: 'Asia/Shanghai', now: market.now });
    try {
      const leader = await newUser();
      const lead = await call(t.app, 'POST', '/api/user/copy_lead', {
        token: leader.token,
        body: { display_name: 'Limit Leader', agree: '1' },
      });
      expect(lead.code).toBe(200);
      const leaderId = String(lead.data.leader.leader_id);
      const follow = (u: User) =>
        call(t.app, 'POST', '/api/user/goorder', {
          token: u.token,
          body: { leader_id: leaderId, amount: '10', max_amount: '100', daily_loss: '100', agree: '1' },
        });
      const [limited, resting, free] = [await newUser(), await newUser(), await newUser()];
      for (const u of [limited, resting, free]) expect((await follow(u)).code).toBe(200);
      await setLimit(limited, 'turnover_day', '15');
      expect(
        (
          await call(t.app, 'POST', '/api/user/limits/exclude', {
            token: resting.token,
            body: { period: '1d', confirm: '1' },
          })
        ).code,
      ).toBe(200);
      // Following again during the break is refused as well.
      expect((await follow(resting)).key).toBe('self_excluded');
      const outcomes: Array<Awaited<ReturnType<typeof taskOutcomes>>> = [];
      for (let i = 0; i < 2; i++) {
        const placed = await order(leader, '100');
        expect(placed.code).toBe(200);
        await market.advance(1);
        await job.runOnce();
        outcomes.push(await taskOutcomes(t.database.db, placed.data.id));
      }
      const of = (u: User, i: number) => outcomes[i]!.find((o) => o.userId === u.id);
      expect(of(limited, 0)).toMatchObject({ status: 'copied' });
      expect(of(limited, 1)).toMatchObject({ status: 'skipped', reason: 'limit_reached' });
      expect(of(resting, 0)).toMatchObject({ status: 'skipped', reason: 'self_excluded' });
      expect(of(free, 0)).toMatchObject({ status: 'copied' });
      expect(of(free, 1)).toMatchObject({ status: 'copied' });
      expect(await limitOf(limited, 'turnover_day')).toMatchObject({ used: '10.00' });
    } finally {
      await job.stop();
    }
  });
});
