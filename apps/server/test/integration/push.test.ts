import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { sendDuePushes, pushServiceRule, vapidFromPrivate, type PushSending } from '../../src/modules/push/index.ts';
import { checkAlerts } from '../../src/modules/alerts/index.ts';
import { readFeedState } from '../../src/modules/market/index.ts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { call, registerUser, TEST_VAPID_PRIVATE_KEY, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { fakePushService, type Browser, type FakePushService } from '../helpers/fake-push-service.ts';
import { operatorCall, submitDeposit } from './wallet-helpers.ts';

// Web push end to end: subscriptions through the API, events queued in their own transactions, sent by the job's
// pass to a push service on loopback that verifies the VAPID JWT and decrypts the payload independently.

let t: TestApp;
let market: MarketHarness;
let push: FakePushService;
let sending: PushSending;
let keyCounter = 0;
const key = () => `p${process.pid}-${Date.now()}-${++keyCounter}`;

beforeAll(async () => {
  push = await fakePushService();
  ({ t, market } = await marketTestApp({ start: Math.floor(Date.now() / 1000), env: { PUSH_SERVICES: push.origin } }));
  const vapid = vapidFromPrivate(Buffer.from(TEST_VAPID_PRIVATE_KEY, 'hex'), 'mailto:operators@example.com');
  sending = { vapid: () => vapid, allowed: pushServiceRule([push.origin]), log: pino({ level: 'silent' }) };
});
afterAll(async () => {
  await market?.close();
  await t?.close();
  await push?.close();
});

const settings = (token: string) => call(t.app, 'GET', '/api/user/push', { token });
const subscribe = (token: string, b: Pick<Browser, 'endpoint' | 'keys'>) =>
  call(t.app, 'POST', '/api/user/push/subscribe', { token, body: { endpoint: b.endpoint, ...b.keys } });
/** The job's pass, as two nodes running it at once would: each notification goes out once all the same. */
const deliver = async () => {
  const passes = await Promise.all([sendDuePushes(t.database.db, sending), sendDuePushes(t.database.db, sending)]);
  return passes.reduce((a, p) => ({ sent: a.sent + p.sent, gone: a.gone + p.gone }), { sent: 0, gone: 0 });
};
const fund = (userId: number) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${userId}:${key()}`,
      kind: 'test',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: 100_000n }],
    }),
  );
const placeOrder = (token: string) =>
  call(t.app, 'POST', '/api/user/addorder', {
    token,
    body: { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: key() },
  });

describe('web push', () => {
  it('gives the server key and every kind on; refuses an endpoint outside the push services and keys off the curve', async () => {
    const u = await registerUser(t.app, t.database);
    const first = await settings(u.token);
    expect(first.code).toBe(200);
    expect(first.data.public_key).toBe(sending.vapid().publicKey);
    expect(Object.values(first.data.kinds).every(Boolean)).toBe(true);
    expect(first.data.devices).toEqual([]);

    const b = push.browser();
    const elsewhere = await subscribe(u.token, { ...b, endpoint: 'https://169.254.169.254/latest/meta-data' });
    expect(elsewhere.key).toBe('push_service_refused');
    const offCurve = Buffer.alloc(65, 7);
    offCurve[0] = 4;
    const badKey = await subscribe(u.token, { ...b, keys: { ...b.keys, p256dh: offCurve.toString('base64url') } });
    expect(badKey.key).toBe('invalid_request');
    expect((await settings(u.token)).data.devices).toEqual([]);
    expect((await call(t.app, 'GET', '/api/user/push')).code).toBe(401);
  });

  it('sends a settled order once, in the user’s language, with their anti-phishing code', async () => {
    const u = await registerUser(t.app, t.database, {}, 'zh');
    await fund(u.user.id);
    const b = push.browser();
    const subscribed = await subscribe(u.token, b);
    expect(subscribed.code, subscribed.msg).toBe(200);
    expect(subscribed.data.devices).toHaveLength(1);
    // Subscribing the same browser again is the same device.
    expect((await subscribe(u.token, b)).data.devices).toHaveLength(1);
    const code = await call(t.app, 'POST', '/api/user/anti_phishing', { token: u.token, body: { code: 'Moon42' } });
    expect(code.key).toBe('anti_phishing_set');

    const placed = await placeOrder(u.token);
    expect(placed.code, placed.msg).toBe(200);
    await market.advance(30);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(await deliver()).toMatchObject({ sent: 0 });

    expect(push.refused).toEqual([]);
    expect(b.received).toHaveLength(1);
    const { payload, vapidKey, ttl } = b.received[0]!;
    expect(vapidKey).toBe(sending.vapid().publicKey);
    expect(ttl).toBe(86_400);
    expect(payload).toMatchObject({ kind: 'order_result', link: '#/pages/user/order', tag: `order:${placed.data.id}` });
    expect(['订单盈利', '订单亏损', '订单结算：平局', '订单作废：本金已退回']).toContain(payload.title);
    expect(payload.body).toContain('BTC/USDT 买涨，30 秒');
    expect(payload.body).toMatch(/^.*Moon42.*\n/);
    expect((await settings(u.token)).data.devices[0].last_sent_at).toEqual(expect.any(Number));
  });

  it('sends an approved deposit and a fired price alert once each; a kind turned off sends nothing', async () => {
    const submitted = await submitDeposit(t, '100');
    const u = submitted.user;
    const b = push.browser();
    expect((await subscribe(u.token, b)).code).toBe(200);
    const approved = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${submitted.id}/approve`, {
      reason: 'transfer seen on the statement',
    });
    expect(approved.key).toBe('operation_succeeded');
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(b.received.map((r) => r.payload)).toEqual([
      expect.objectContaining({ kind: 'deposit', title: 'Recharge credited', link: '#/pages/user/rechargerecord' }),
    ]);

    const alert = await call(t.app, 'POST', '/api/user/alerts', {
      token: u.token,
      body: { symbol: 'BTC/USDT', kind: 'move', pct: '0.01', minutes: '1' },
    });
    expect(alert.code, alert.msg).toBe(200);
    for (let i = 0; i < 10 && b.received.length < 2; i++) {
      await market.advance(20);
      await checkAlerts(t.database.db, (await readFeedState(t.database.db))!.watermark);
      await deliver();
    }
    expect(b.received.map((r) => r.payload.kind)).toEqual(['deposit', 'price_alert']);
    expect(b.received[1]).toMatchObject({
      urgency: 'high',
      payload: { link: '#/pages/trade/trade?symbol=BTC%2FUSDT' },
    });

    // Orders off: a settled order queues nothing for this user.
    const off = await call(t.app, 'POST', '/api/user/push/kinds', {
      token: u.token,
      body: { kind: 'order_result', on: '0' },
    });
    expect(off.data.kinds).toMatchObject({ order_result: false, deposit: true });
    const placed = await placeOrder(u.token);
    expect(placed.code, placed.msg).toBe(200);
    await market.advance(30);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect(b.received).toHaveLength(2);
    const queued = await t.database.db.execute(
      sql`SELECT count(*)::int AS n FROM push_deliveries WHERE user_id = ${u.user.id}`,
    );
    expect(queued.rows[0]).toEqual({ n: 0 });
  });

  it('drops a subscription its push service says is gone (410), and retries one that fails for now (500)', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id);
    const gone = push.browser();
    const flaky = push.browser();
    await subscribe(u.token, gone);
    await subscribe(u.token, flaky);
    push.answer(gone, 410);
    push.answer(flaky, 500);
    await placeOrder(u.token);
    await market.advance(30);
    expect(await deliver()).toMatchObject({ sent: 0, gone: 1 });
    const left = (await settings(u.token)).data.devices;
    expect(left).toHaveLength(1);
    expect(left[0].id).not.toBe(undefined);
    // The failed one waits for its back-off; made due now, it goes out once the service answers again.
    push.answer(flaky, 201);
    await t.database.db.execute(sql`UPDATE push_deliveries SET due_at = now() WHERE user_id = ${u.user.id}`);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(flaky.received).toHaveLength(1);
    expect(gone.received).toHaveLength(0);
  });

  it('tells of a sign-in on a new device in the inbox and on the devices, and not of one on a known device', async () => {
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const u = await registerUser(t.app, t.database, {}, 'de');
    const login = (userAgent: string, ip: string) =>
      call(t.app, 'POST', '/api/login/index', {
        body: { account: u.account, password: 'secret123' },
        userAgent,
        ip,
        lang: 'de',
      });
    const first = await login(android, '203.0.113.7');
    expect(first.code, first.msg).toBe(200);
    const b = push.browser();
    await subscribe(first.data.token, b);
    expect((await login(android, '203.0.113.8')).code).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 0 });
    expect((await login(iphone, '198.51.100.4')).code).toBe(200);
    expect(await deliver()).toMatchObject({ sent: 1 });
    expect(b.received[0]).toMatchObject({
      urgency: 'high',
      payload: { kind: 'new_device', title: 'Neue Anmeldung', link: '#/pages/user/security' },
    });
    expect(b.received[0]!.payload.body).toContain('Safari · iPhone');
    expect(b.received[0]!.payload.body).toContain('198.51.100.4');
    const inbox = await call(t.app, 'GET', '/api/user/msg', { token: first.data.token });
    // Newest first: the iPhone, and the first Android sign-in (registration came from the test's own client); the
    // second Android sign-in told nothing.
    const told = inbox.data.items.filter((m: { kind: string }) => m.kind === 'new_device_signin');
    expect(told.map((m: { body: string }) => /iPhone|Android/.exec(m.body)?.[0])).toEqual(['iPhone', 'Android']);
  });

  it('moves a device to whoever subscribes it next, and unsubscribes and removes only one’s own', async () => {
    const a = await registerUser(t.app, t.database);
    const c = await registerUser(t.app, t.database);
    const b = push.browser();
    await subscribe(a.token, b);
    const moved = await subscribe(c.token, b);
    expect(moved.data.devices).toHaveLength(1);
    expect((await settings(a.token)).data.devices).toEqual([]);
    // Someone else's device id reads as missing.
    const removeOther = await call(t.app, 'POST', '/api/user/push/remove', {
      token: a.token,
      body: { id: moved.data.devices[0].id },
    });
    expect(removeOther.key).toBe('no_data');
    const un = await call(t.app, 'POST', '/api/user/push/unsubscribe', {
      token: c.token,
      body: { endpoint: b.endpoint },
    });
    expect(un.data.devices).toEqual([]);
  });

  it('stops a device when the session that subscribed it ends, however it ends', async () => {
    const u = await registerUser(t.app, t.database);
    const login = async () =>
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })).data
        .token as string;
    const [phone, laptop] = [push.browser(), push.browser()];
    const phoneToken = await login();
    await subscribe(phoneToken, phone);
    await subscribe(u.token, laptop);
    expect((await settings(u.token)).data.devices).toHaveLength(2);
    // Signing out on the phone (from any screen, even one that does not unsubscribe first) stops the phone only.
    expect((await call(t.app, 'POST', '/api/login/logout', { token: phoneToken })).code).toBe(200);
    expect((await settings(u.token)).data.devices).toHaveLength(1);
    // Ending every other session keeps the one making the request, and its device.
    const other = await login();
    await subscribe(other, phone);
    const ended = await call(t.app, 'POST', '/api/user/sessions/logout_others', { token: u.token });
    expect(ended.code, ended.msg).toBe(200);
    const left = (await settings(u.token)).data.devices;
    expect(left).toHaveLength(1);
    const laptopRow = await t.database.db.execute(
      sql`SELECT id FROM push_subscriptions WHERE endpoint = ${laptop.endpoint}`,
    );
    expect(left[0].id).toBe(Number(laptopRow.rows[0]!.id));
  });
});
