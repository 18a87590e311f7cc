import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withMetrics: true });
});
afterAll(async () => {
  await t?.close();
});

const scrape = (token?: string) =>
  t.admin.inject({ method: 'GET', url: '/metrics', headers: token ? { authorization: `Bearer ${token}` } : {} });

it('counts requests by route pattern and reports the pool and the jobs, to an operator only', async () => {
  for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/api/index/ajaxdata?class=crypto' });
  await t.app.inject({ method: 'GET', url: '/api/index/goods?symbol=NOPE' });
  await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });

  expect((await scrape()).statusCode).toBe(401);
  const response = await scrape(ADMIN_TOKEN);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toContain('text/plain');
  const text = response.body;
  expect(text).toContain('http_requests_total{method="GET",route="/api/index/ajaxdata",status="200"} 3');
  expect(text).toContain('http_requests_total{method="GET",route="/api/index/goods",status="404"} 1');
  // An unknown URL is one label, whatever the URL: no label per path a client makes up.
  expect(text).toContain('route="unmatched",status="404"} 1');
  expect(text).not.toContain('/api/no/such/thing');
  expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/api\/index\/ajaxdata"\} 3/);
  expect(text).toMatch(/db_pool_connections\{state="total"\} \d+/);
  expect(text).toMatch(/price_feed_lag_seconds -?\d+/);
  expect(text).toMatch(/orders_settlement_lag_seconds\{quantile="0.99"\} \d+/);
  expect(text).toMatch(/orders_overdue 0/);
  expect(text).toMatch(/invest_accrual_last_day \d+/);
  expect(text).toContain('process_cpu_seconds_total');
});
