import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_TOKEN, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';

/**
 * Prometheus' own linter over a real scrape: every series the server exports must pass `promtool check metrics`
 * (types, names, units, no `quantile` label outside a summary). promtool comes with Debian's `prometheus` package;
 * without it the test is skipped with a notice.
 */
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find(
  (file) => spawnSync(file, ['--version'], { stdio: 'ignore' }).status === 0,
);
if (!promtool) console.warn('[metrics-lint] promtool is not installed: skipped (apt-get install prometheus)');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withHub: true, withMetrics: true });
});
afterAll(async () => t?.close());

it.runIf(promtool)('passes promtool check metrics with every series present', async () => {
  // Traffic of every kind, so the request series (counters, histogram, 429s) are in the scrape too.
  const u = await registerUser(t.app, t.database);
  await t.app.inject({ method: 'GET', url: '/api/user/index', headers: { token: u.token } });
  await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
  const scrape = await t.admin.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(scrape.statusCode).toBe(200);
  const text = scrape.body;
  for (const name of ['http_requests_total', 'http_request_duration_seconds_bucket', 'job_leader', 'server_ready'])
    expect(text).toContain(`\n${name}`);

  const check = spawnSync(promtool!, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  // promtool prints each problem as "<metric> <what is wrong>" and exits non-zero when there is any.
  expect(`${check.stdout}${check.stderr}`.trim()).toBe('');
  expect(check.status).toBe(0);
});
