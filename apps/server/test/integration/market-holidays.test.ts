import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
import { setHolidays } from '../../src/modules/market/trading-sessions.ts';

// Operators keep the exchange holidays: on one, the session's products are closed all day and orders are refused.

/** Monday 2026-11-23 10:00 New York: US stocks trade. */
const MONDAY = Math.floor(Date.parse('2026-11-23T15:00:00Z') / 1000);
let t: TestApp;
let token: string;
const op = (url: string, payload: object, who: 'cole' | 'sam' = 'cole') =>
  t.admin.inject({ method: 'POST', url, payload, headers: operatorHeaders(who) }).then((r) => r.json());
const status = async () => (await call(t.app, 'GET', '/api/index/goods?symbol=AAPL')).data.product.status;

beforeAll(async () => {
  t = await createTestApp({ clock: () => MONDAY });
  token = (await call(t.app, 'POST', '/api/login/index', { body: { account: 'demo', password: 'demo1234' } })).data
    .token;
});
afterAll(async () => {
  setHolidays([]);
  await t?.close();
});

it('closes a session on an operator-added holiday, refuses orders, audits, and opens again when removed', async () => {
  expect(await status()).toBe('trading');
  const holiday = { session: 'us_equities', day: '2026-11-23', name: 'Exchange closed', reason: 'NYSE closure notice' };
  expect((await op('/admin/holidays', { ...holiday, day: '2026-13-01' })).key).toBe('invalid_request');
  expect((await op('/admin/holidays', holiday, 'sam')).key).toBe('permission_denied');
  const added = await op('/admin/holidays', holiday);
  expect(added.data.items).toEqual([
    { session: 'us_equities', day: '2026-11-23', name: 'Exchange closed', created_by: 'cole' },
  ]);
  expect(await status()).toBe('closed');
  const order = await call(t.app, 'POST', '/api/user/addorder', {
    token,
    body: { symbol: 'AAPL', seconds: '60', amount: '100', direction: 'up', key: 'holiday-order-0001' },
  });
  expect(order.key).toBe('non_trading_time');
  // Forex is another session: still open.
  expect((await call(t.app, 'GET', '/api/index/goods?symbol=EUR/USD')).data.product.status).toBe('trading');
  const audited = await t.database.db.execute<{ action: string; operator: string; reason: string }>(
    sql`SELECT action, operator, reason FROM audit_log WHERE action LIKE 'holiday.%' ORDER BY id`,
  );
  expect(audited.rows).toEqual([{ action: 'holiday.add', operator: 'cole', reason: 'NYSE closure notice' }]);

  const removed = await op('/admin/holidays/remove', {
    session: 'us_equities',
    day: '2026-11-23',
    reason: 'notice withdrawn',
  });
  expect(removed.data.items).toEqual([]);
  expect(await status()).toBe('trading');
});
