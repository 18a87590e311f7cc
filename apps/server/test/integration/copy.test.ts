import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { CopyJob } from '../../src/jobs/copy.job.ts';
import { verifyRecord } from '../../src/modules/copy/copy-verify.ts';
import { entryHash } from '../../src/modules/copy/copy-chain.ts';
import { call, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { followAs, makeUsers, taskOutcomes } from './copy-helpers.ts';
import { listSubscriptions } from '../../src/modules/copy/copy-follow.service.ts';

let t: TestApp;
let market: MarketHarness;
let job: CopyJob;
let leader: { token: string; user: { id: number } };
let leaderId: number;
let recordId: number;
let keyCounter = 0;
const key = () => `cp${process.pid}-${Date.now()}-${++keyCounter}`;

const get = (url: string, token?: string) => call(t.app, 'GET', url, token ? { token } : {});
const post = (url: string, body: Record<string, string>, token?: string) =>
  call(t.app, 'POST', url, { body, ...(token ? { token } : {}) });
const order = (token: string, body: Record<string, string> = {}) =>
  post(
    '/api/user/addorder',
    { symbol: 'BTC/USDT', seconds: '30', amount: '100', direction: 'up', key: key(), ...body },
    token,
  );
const fund = (userId: number, cents: bigint) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `copytest:${key()}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: cents }],
    }),
  );

beforeAll(async () => {
  ({ t, market } = await marketTestApp());
  job = new CopyJob({ db: t.database.db, log: silentLog, tz: 'Asia/Shanghai', now: market.now });
  leader = await registerUser(t.app, t.database);
  await fund(leader.user.id, 10_000_000n);
});
afterAll(async () => {
  await job?.stop();
  await market?.close();
  await t?.close();
});

describe('leading', () => {
  it('publishes a leader with a new record whose chain starts with the terms (0 % leader share)', async () => {
    const refused = await post('/api/user/copy_lead', { display_name: 'x', agree: '1' }, leader.token);
    expect(refused.key).toBe('copy_name_invalid');
    const noAgree = await post('/api/user/copy_lead', { display_name: 'Alice Trades' }, leader.token);
    expect(noAgree.key).toBe('agreement_required');
    const answer = await post(
      '/api/user/copy_lead',
      { display_name: 'Alice Trades', description: 'BTC, 30 s', agree: '1' },
      leader.token,
    );
    expect(answer.code).toBe(200);
    expect(answer.key).toBe('copy_leading');
    expect(answer.data.terms.leader_share_pct).toBe('0.00');
    leaderId = answer.data.leader.leader_id;
    recordId = answer.data.leader.record.id;
    expect(answer.data.leader.record).toMatchObject({ status: 'active', entries: 1, orders: 0 });
    const chain = await get(`/api/copy/chain?record_id=${recordId}`);
    expect(chain.data.items).toHaveLength(1);
    expect(JSON.parse(chain.data.items[0].data)).toMatchObject({ kind: 'start', leader_share_pct: '0.00' });
    expect(chain.data.items[0].hash).toBe(entryHash('0'.repeat(64), chain.data.items[0].data));
  });

  it('refuses to let a user follow themselves', async () => {
    const answer = await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), amount: '10', max_amount: '100', daily_loss: '100', agree: '1' },
      leader.token,
    );
    expect(answer.key).toBe('copy_follow_self');
  });
});

describe('a leader order with 200 followers', () => {
  it('opens 200 copies at the leader open second and price, all settled with the same result', async () => {
    const followers = await makeUsers(t.database.db, 200, 100_000n);
    for (const id of followers) await followAs(t.database.db, id, { leader_id: leaderId, amount: '10' }, market.now());
    const placed = await order(leader.token, { amount: '100', direction: 'up' });
    expect(placed.code).toBe(200);
    const leaderOrder = placed.data;
    // The fan-out rows were written in the order's own transaction.
    expect(await taskOutcomes(t.database.db, leaderOrder.id)).toHaveLength(200);
    await market.advance(1);
    expect(await job.runOnce()).toBe(200);
    const outcomes = await taskOutcomes(t.database.db, leaderOrder.id);
    expect(outcomes.every((o) => o.status === 'copied')).toBe(true);
    const copies = await t.database.db.execute<{
      open_time: string;
      open_price: string;
      settle_time: string;
      stake: string;
    }>(
      sql`SELECT open_time, open_price, settle_time, stake FROM contract_orders
          WHERE id IN (SELECT copy_order_id FROM copy_tasks WHERE leader_order_id = ${leaderOrder.id})`,
    );
    expect(copies.rows).toHaveLength(200);
    const leaderRow = (
      await t.database.db.execute<{ open_time: string; open_price: string }>(
        sql`SELECT open_time, open_price FROM contract_orders WHERE id = ${leaderOrder.id}`,
      )
    ).rows[0]!;
    for (const c of copies.rows) {
      expect(String(c.open_time)).toBe(String(leaderRow.open_time));
      expect(String(c.open_price)).toBe(String(leaderRow.open_price));
      expect(String(c.stake)).toBe('1000');
    }
    // A second pass decides nothing more: each follower got exactly one outcome.
    expect(await job.runOnce()).toBe(0);

    await market.advance(31);
    const settled = await t.database.db.execute<{ result: string; settle_price: string; n: number }>(sql`
      SELECT result, settle_price, count(*)::int AS n FROM contract_orders
      WHERE id = ${leaderOrder.id} OR id IN (SELECT copy_order_id FROM copy_tasks WHERE leader_order_id = ${leaderOrder.id})
      GROUP BY 1, 2`);
    expect(settled.rows).toHaveLength(1);
    expect(settled.rows[0]!.n).toBe(201);
    // What a follower's subscription says is at risk today: the copy's loss with its fee, the fee after a draw, nothing after a win.
    const [sub] = await listSubscriptions(t.database.db, followers[0]!, 'live', market.now(), 'UTC');
    const result = settled.rows[0]!.result;
    expect(sub!.today_at_risk).toBe({ loss: '10.05', draw: '0.05', win: '0.00' }[result as 'win' | 'loss' | 'draw']);

    const follower = await get('/api/copy/leader?leader_id=' + leaderId);
    expect(follower.data.stats).toMatchObject({ orders: 1, settled: 1, followers: 200, follower_copies: 200 });
    expect(follower.data.record.orders).toBe(1);
    const verified = await get(`/api/copy/verify?record_id=${recordId}`);
    expect(verified.data).toMatchObject({ ok: true, orders: 1, entries: 3 });
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  }, 120_000);
});

describe('skipped copies', () => {
  it('records each follower that cannot copy with its reason, and only active subscriptions get a task', async () => {
    const [broke] = await makeUsers(t.database.db, 1, 500n); // 5 U: cannot pay 10 U + fee
    const [ethOnly, periodOnly, capped, lossStop, paused] = await makeUsers(t.database.db, 5, 1_000_000n);
    await followAs(t.database.db, broke!, { leader_id: leaderId, amount: '10' }, market.now());
    await followAs(t.database.db, ethOnly!, { leader_id: leaderId, symbols: 'ETH/USDT' }, market.now());
    await followAs(t.database.db, periodOnly!, { leader_id: leaderId, periods: '60,120' }, market.now());
    await followAs(
      t.database.db,
      capped!,
      { leader_id: leaderId, stake_mode: 'mirror', max_amount: '50' },
      market.now(),
    );
    await followAs(
      t.database.db,
      lossStop!,
      { leader_id: leaderId, amount: '100', max_amount: '100', daily_loss: '50' },
      market.now(),
    );
    const sub = await followAs(t.database.db, paused!, { leader_id: leaderId }, market.now());
    await t.database.db.execute(sql`UPDATE copy_subscriptions SET status = 'paused' WHERE id = ${sub.id}`);

    const placed = await order(leader.token, { amount: '100' });
    expect(placed.code).toBe(200);
    await job.runOnce();
    const byUser = new Map((await taskOutcomes(t.database.db, placed.data.id)).map((o) => [o.userId, o]));
    expect(byUser.get(broke!)).toMatchObject({ status: 'skipped', reason: 'balance_insufficient' });
    expect(byUser.get(ethOnly!)).toMatchObject({ status: 'skipped', reason: 'copy_filtered_product' });
    expect(byUser.get(periodOnly!)).toMatchObject({ status: 'skipped', reason: 'copy_filtered_period' });
    expect(byUser.get(capped!)).toMatchObject({ status: 'skipped', reason: 'copy_over_cap' });
    expect(byUser.get(lossStop!)).toMatchObject({ status: 'skipped', reason: 'copy_daily_loss_stop' });
    expect(byUser.has(paused!)).toBe(false);
    // Nothing moved for the skipped followers.
    const balance = await t.database.db.execute<{ balance: string }>(
      sql`SELECT balance FROM ledger_accounts WHERE code = ${userAccount(broke!, 'available')}`,
    );
    expect(String(balance.rows[0]!.balance)).toBe('500');
    await market.advance(31);
  });

  it('shows a follower their copies and skipped copies with reasons, and the leader order prices', async () => {
    const f = await registerUser(t.app, t.database);
    await fund(f.user.id, 5_000n); // 50 U: one copy of 10 U fits, a 100 U mirror copy does not
    const followed = await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), stake_mode: 'mirror', max_amount: '1000', daily_loss: '1000', agree: '1' },
      f.token,
    );
    expect(followed.code).toBe(200);
    expect(followed.data).toMatchObject({ status: 'active', stake_mode: 'mirror', leader_share_pct: '0.00' });
    const small = await order(leader.token, { amount: '20' });
    await job.runOnce();
    const big = await order(leader.token, { amount: '100' });
    await job.runOnce();
    const list = await get('/api/user/copy_orders', f.token);
    expect(list.data.total).toBe(2);
    const [second, first] = list.data.items;
    expect(first).toMatchObject({ status: 'copied', reason: null, leader_name: 'Alice Trades' });
    expect(first.leader_order.id).toBe(small.data.id);
    expect(first.order.open_price).toBe(small.data.open_price);
    expect(first.order.open_time).toBe(small.data.open_time);
    expect(first.order.amount).toBe('20.00');
    expect(second).toMatchObject({ status: 'skipped', reason: 'balance_insufficient', order: null });
    expect(second.leader_order.id).toBe(big.data.id);
    const skippedOnly = await get('/api/user/copy_orders?status=skipped', f.token);
    expect(skippedOnly.data.items.map((i: { id: number }) => i.id)).toEqual([second.id]);
    const subs = await get('/api/user/copy_list', f.token);
    expect(subs.data.items[0]).toMatchObject({ copied: 1, skipped: 1, leader_id: leaderId });
    await market.advance(31);
  });

  it('skips a copy the job reaches too late instead of opening it with a known result', async () => {
    const [late] = await makeUsers(t.database.db, 1, 1_000_000n);
    await followAs(t.database.db, late!, { leader_id: leaderId }, market.now());
    const placed = await order(leader.token, { amount: '10' });
    await market.advance(20);
    await job.runOnce();
    const mine = (await taskOutcomes(t.database.db, placed.data.id)).find((o) => o.userId === late);
    expect(mine).toMatchObject({ status: 'skipped', reason: 'copy_too_late' });
    await market.advance(31);
  });

  it('never copies an order that was already open when the follower joined', async () => {
    const placed = await order(leader.token, { amount: '10' });
    const [newcomer] = await makeUsers(t.database.db, 1, 1_000_000n);
    await followAs(t.database.db, newcomer!, { leader_id: leaderId }, market.now());
    await job.runOnce();
    expect((await taskOutcomes(t.database.db, placed.data.id)).some((o) => o.userId === newcomer)).toBe(false);
    await market.advance(31);
  });
});

describe('subscriptions', () => {
  it('pauses, resumes and stops; another user cannot touch them; stopped is final', async () => {
    const f = await registerUser(t.app, t.database);
    const other = await registerUser(t.app, t.database);
    const followed = await post(
      '/api/user/goorder',
      {
        leader_id: String(leaderId),
        amount: '10',
        max_amount: '20',
        daily_loss: '100',
        symbols: 'BTC/USDT',
        periods: '30',
        agree: '1',
      },
      f.token,
    );
    expect(followed.data).toMatchObject({ symbols: ['BTC/USDT'], periods: [30], amount: '10.00', max_amount: '20.00' });
    const id = String(followed.data.id);
    const foreign = await post('/api/user/copy_pause', { id }, other.token);
    const nowhere = await post('/api/user/copy_pause', { id: '987654321' }, other.token);
    expect({ code: foreign.code, key: foreign.key }).toEqual({ code: nowhere.code, key: nowhere.key });
    expect(foreign.key).toBe('copy_subscription_not_found');
    expect((await post('/api/user/copy_pause', { id }, f.token)).data.status).toBe('paused');
    expect((await post('/api/user/copy_resume', { id }, f.token)).data.status).toBe('active');
    // Changing the settings keeps the one live subscription.
    const changed = await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), amount: '15', max_amount: '20', daily_loss: '100', agree: '1' },
      f.token,
    );
    expect(changed.data.id).toBe(followed.data.id);
    expect(changed.data.amount).toBe('15.00');
    const cap = await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), amount: '30', max_amount: '20', daily_loss: '100', agree: '1' },
      f.token,
    );
    expect(cap.key).toBe('copy_cap_below_amount');
    expect((await post('/api/user/copy_stop', { id }, f.token)).data.status).toBe('stopped');
    expect((await post('/api/user/copy_resume', { id }, f.token)).key).toBe('copy_subscription_stopped');
    const unknown = await post(
      '/api/user/goorder',
      { leader_id: '987654321', amount: '10', max_amount: '20', daily_loss: '100', agree: '1' },
      f.token,
    );
    expect(unknown.key).toBe('copy_leader_not_found');
  });
});

describe('the record', () => {
  it('detects an entry changed behind the append-only trigger, and the trigger refuses plain changes', async () => {
    const refusal = (q: Promise<unknown>) =>
      q.then(
        () => 'allowed',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
    expect(
      await refusal(
        t.database.db.execute(sql`UPDATE copy_record_entries SET data = data WHERE record_id = ${recordId}`),
      ),
    ).toMatch(/append-only/);
    expect(
      await refusal(t.database.db.execute(sql`DELETE FROM copy_record_entries WHERE record_id = ${recordId}`)),
    ).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`DELETE FROM copy_records WHERE id = ${recordId}`))).toMatch(
      /append-only/,
    );
    expect(
      await refusal(
        t.database.db.execute(sql`UPDATE copy_records SET after_order_id = after_order_id + 1 WHERE id = ${recordId}`),
      ),
    ).toMatch(/only moves its head forward/);
    expect((await verifyRecord(t.database.db, recordId))!.ok).toBe(true);
    // Someone with the database's superuser rights goes around the trigger and makes a loss look like a win.
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`ALTER TABLE copy_record_entries DISABLE TRIGGER copy_record_entries_append_only`);
        // A payout gets a leading 1 (0.00 -> 10.00, 180.00 -> 1180.00) on the first settlement.
        await tx.execute(sql`UPDATE copy_record_entries SET data = replace(data, '"payout":"', '"payout":"1')
                           WHERE record_id = ${recordId} AND kind = 'settle' AND seq = (SELECT min(seq)
                             FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'settle')`);
        const verified = (await verifyRecord(tx, recordId))!;
        expect(verified.ok).toBe(false);
        expect(verified.breaks.map((b) => b.kind)).toEqual(expect.arrayContaining(['bad_hash', 'bad_data']));
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
    expect((await verifyRecord(t.database.db, recordId))!.ok).toBe(true);
  });

  it('detects a removed order and a changed order price', async () => {
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        await tx.execute(sql`DELETE FROM copy_record_entries WHERE record_id = ${recordId}
        AND seq = (SELECT max(seq) FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'open')`);
        const verified = (await verifyRecord(tx, recordId))!;
        expect(verified.breaks.map((b) => b.kind)).toEqual(expect.arrayContaining(['missing_order']));
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE contract_orders SET open_price = open_price + 1 WHERE id =
        (SELECT order_id FROM copy_record_entries WHERE record_id = ${recordId} AND kind = 'open' ORDER BY seq LIMIT 1)`);
        const verified = (await verifyRecord(tx, recordId))!;
        expect(verified.breaks.map((b) => b.kind)).toEqual(expect.arrayContaining(['bad_data']));
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
  });

  it('keeps the old record listed as retired when the leader stops, and starts a new one on rejoining', async () => {
    const practice = await order(leader.token, { amount: '10', mode: 'practice' });
    expect(practice.code).toBe(200);
    const retired = await post('/api/user/copy_unlead', {}, leader.token);
    expect(retired.key).toBe('copy_retired');
    expect(retired.data.leader.status).toBe('retired');
    expect((await post('/api/user/copy_unlead', {}, leader.token)).key).toBe('copy_not_leader');
    // Orders between stints are in no record.
    const between = await order(leader.token, { amount: '10' });
    expect(between.code).toBe(200);
    const follower = await registerUser(t.app, t.database);
    const refused = await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), amount: '10', max_amount: '20', daily_loss: '100', agree: '1' },
      follower.token,
    );
    expect(refused.key).toBe('copy_leader_retired');
    const again = await post('/api/user/copy_lead', { display_name: 'Alice Again', agree: '1' }, leader.token);
    expect(again.data.leader.records).toHaveLength(2);
    const [fresh, old] = again.data.leader.records;
    expect(fresh).toMatchObject({ status: 'active', orders: 0 });
    expect(old).toMatchObject({ id: recordId, status: 'retired' });
    expect(old.orders).toBeGreaterThan(3);
    const list = await get('/api/copy/leaders?status=all');
    expect(list.data.items.find((l: { leader_id: number }) => l.leader_id === leaderId)).toMatchObject({
      record_id: fresh.id,
      ranked: false,
      rank: null,
    });
    const oldPage = await get(`/api/copy/leader?leader_id=${leaderId}&record_id=${recordId}`);
    expect(oldPage.data.record.status).toBe('retired');
    for (const r of [recordId, fresh.id]) expect((await verifyRecord(t.database.db, r))!.ok).toBe(true);
    const orders = await get(`/api/copy/record_orders?record_id=${recordId}&size=100`);
    expect(orders.data.items.some((o: { id: number }) => o.id === between.data.id)).toBe(false);
    expect(orders.data.items.every((o: { mode: string }) => o.mode === 'real')).toBe(true);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });
});

describe('operators and my orders', () => {
  const admin = (url: string, method: 'GET' | 'POST' = 'GET') =>
    t.admin
      .inject({ method, url, headers: operatorHeaders('cole') })
      .then((r) => r.json<{ code: number; key: string; data: any }>());

  it('lists leaders and re-checks their records; no operator route edits a record', async () => {
    const leaders = await admin('/admin/copy/leaders');
    expect(leaders.data.items.find((l: { leader_id: number }) => l.leader_id === leaderId)).toMatchObject({
      user_id: leader.user.id,
      records: 2,
      status: 'active',
    });
    const verified = await admin(`/admin/copy/verify?leader_id=${leaderId}`);
    expect(verified.data.ok).toBe(true);
    expect(verified.data.items).toHaveLength(2);
    expect((await admin(`/admin/copy/verify?record_id=${recordId}`)).data.items[0].record_id).toBe(recordId);
    expect((await admin('/admin/copy/verify?record_id=987654321')).key).toBe('no_data');
    for (const path of ['/admin/copy/records', `/admin/copy/records/${recordId}`, '/admin/copy/leaders'])
      expect((await admin(path, 'POST')).code).toBe(404);
  });

  it('lists everything a user did, newest first across kinds, with copies as their own kind', async () => {
    const f = await registerUser(t.app, t.database);
    await fund(f.user.id, 1_000_000n);
    await post(
      '/api/user/goorder',
      { leader_id: String(leaderId), amount: '10', max_amount: '100', daily_loss: '100', agree: '1' },
      f.token,
    );
    const own = await order(f.token, { amount: '12', direction: 'down' });
    expect(own.code).toBe(200);
    const plan = (await get('/api/user/yeb_project', f.token)).data.items[0];
    const bought = await post('/api/user/yebjoinnow', { id: String(plan.id), amount: '100', key: key() }, f.token);
    expect(bought.code).toBe(200);
    const led = await order(leader.token, { amount: '10' });
    await job.runOnce();
    const mine = await get('/api/user/myorders', f.token);
    expect(mine.code).toBe(200);
    expect(mine.data.total).toBe(3);
    expect(mine.data.items.map((i: { kind: string }) => i.kind)).toEqual(['copy', 'plan', 'order']);
    const [copy, buy, first] = mine.data.items;
    expect(copy).toMatchObject({ action: 'up', title: 'BTC/USDT', amount: '10.00', status: 'open', mode: 'real' });
    expect(buy).toMatchObject({ action: 'buy', amount: '100.00', target: { type: 'holding' } });
    expect(first).toMatchObject({
      id: own.data.id,
      action: 'down',
      amount: '12.00',
      target: { type: 'order', id: own.data.id },
    });
    const copies = await get('/api/user/myorders?kind=copy', f.token);
    expect(copies.data.items.map((i: { id: number }) => i.id)).toEqual([copy.id]);
    const follow = await get('/api/user/copy_orders', f.token);
    expect(follow.data.items[0].order.id).toBe(copy.id);
    expect(follow.data.items[0].leader_order.id).toBe(led.data.id);
    const stranger = await registerUser(t.app, t.database);
    expect((await get('/api/user/myorders', stranger.token)).data).toMatchObject({ items: [], total: 0 });
    await market.advance(31);
  });
});
