import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { ADMIN_TOKEN, call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { Metrics } from '../../src/platform/metrics/metrics.ts';
import type { Db } from '../../src/platform/db/client.ts';
import { intentKey, pngImage, uploadProof } from './wallet-helpers.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { writeBackup } from '../../src/platform/backup/backup.ts';

let t: TestApp;
beforeAll(async () => {
  // A low per-address limit on the auth routes, so a test can be refused with 429.
  t = await createTestApp({ withMetrics: true, withHub: true, authRequestsPerMinute: 3 });
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
  expect(text).toMatch(/orders_settlement_lag_seconds\{percentile="0.99"\} \d+/);
  expect(text).toMatch(/orders_overdue 0/);
  expect(text).toMatch(/invest_accrual_last_day \d+/);
  expect(text).toContain('process_cpu_seconds_total');
});

/** The value of one series in a scrape, NaN when it is missing. */
async function value(series: string): Promise<number> {
  const text = (await scrape(ADMIN_TOKEN)).body;
  const line = text.split('\n').find((l) => l.startsWith(series + ' '));
  return line ? Number(line.slice(series.length + 1)) : NaN;
}
const backdate = (table: string, seconds: number) =>
  t.database.db.execute(
    sql`UPDATE ${sql.identifier(table)} SET created_at = now() - make_interval(secs => ${seconds})`,
  );

it("shows the operator queues (deposits, withdrawals, real-name requests) with the oldest one's age", async () => {
  for (const queue of ['deposit', 'deposit_audit', 'withdrawal', 'real_name']) {
    expect(await value(`review_queue_pending{queue="${queue}"}`)).toBe(0);
    expect(await value(`review_queue_oldest_seconds{queue="${queue}"}`)).toBe(0);
  }

  const u = await registerUser(t.app, t.database);
  const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: u.token })).data.channels;
  const submitted = await call(t.app, 'POST', '/api/user/dorecharge', {
    token: u.token,
    body: {
      channel_id: String(channels[0].id),
      amount: '100',
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: await uploadProof(t.app, u.token, await pngImage(7)),
      key: intentKey(),
    },
  });
  expect(submitted.code).toBe(200);
  await backdate('deposits', 600);
  expect(await value('review_queue_pending{queue="deposit"}')).toBe(1);
  expect(await value('review_queue_oldest_seconds{queue="deposit"}')).toBeGreaterThanOrEqual(600);
  expect(await value('review_queue_oldest_seconds{queue="deposit"}')).toBeLessThan(660);

  // A withdrawal and a real-name submission under review (their own flows are tested with their modules).
  await t.database.db.execute(sql`
    INSERT INTO withdrawals (user_id, method_id, kind, destination, amount, fee, received, status, created_at)
    VALUES (${u.user.id}, 1, 'bank', '**** 0001', 10000, 0, 10000, 3, now() - interval '2 hours'),
           (${u.user.id}, 1, 'bank', '**** 0001', 10000, 0, 10000, 3, now() - interval '1 hour'),
           (${u.user.id}, 1, 'bank', '**** 0001', 10000, 0, 10000, 1, now() - interval '9 hours')`);
  await t.database.db.execute(sql`
    INSERT INTO kyc_submissions (user_id, real_name, doc_type, doc_cipher, doc_hash, doc_masked, created_at)
    VALUES (${u.user.id}, 'Test', 'passport', '\\x00'::bytea, 'h1', 'E****1', now() - interval '3 minutes')`);
  expect(await value('review_queue_pending{queue="withdrawal"}')).toBe(2);
  expect(await value('review_queue_oldest_seconds{queue="withdrawal"}')).toBeGreaterThanOrEqual(7200);
  expect(await value('review_queue_pending{queue="real_name"}')).toBe(1);
  expect(await value('review_queue_oldest_seconds{queue="real_name"}')).toBeGreaterThanOrEqual(180);
});

it('shows the copy-task backlog and its oldest task', async () => {
  expect(await value('copy_tasks_pending')).toBe(0);
  expect(await value('copy_tasks_oldest_pending_seconds')).toBe(0);
  await t.database.db.execute(sql`
    INSERT INTO copy_tasks (user_id, subscription_id, leader_order_id, record_id, status, created_at)
    VALUES (1, 1, 1, 1, 'pending', now() - interval '90 seconds'), (2, 1, 1, 1, 'pending', now()),
           (3, 1, 1, 1, 'skipped', now() - interval '1 hour')`);
  expect(await value('copy_tasks_pending')).toBe(2);
  expect(await value('copy_tasks_oldest_pending_seconds')).toBeGreaterThanOrEqual(90);
});

it('counts wrong login and fund passwords of the last 15 minutes, on all nodes', async () => {
  expect(await value('password_failures_recent{secret="login"}')).toBe(0);
  const u = await registerUser(t.app, t.database);
  for (const ip of ['198.51.100.1', '198.51.100.2'])
    expect(
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'wrong-pass1' }, ip }))
        .key,
    ).not.toBe('logged_in');
  const fund = (body: Record<string, string>) => call(t.app, 'POST', '/api/user/pwd_pay', { token: u.token, body });
  expect((await fund({ password: 'fund1234', password_confirm: 'fund1234' })).key).toBe('fund_password_set');
  expect((await fund({ old_password: 'nope9876', password: 'fund5678', password_confirm: 'fund5678' })).key).toBe(
    'fund_password_wrong',
  );
  // A check still in flight (checked_at null) is no failure yet; older rows are out of the window.
  await t.database.db.execute(sql`
    INSERT INTO login_failures (account_key, ip, created_at, checked_at)
    VALUES (${`login:${u.user.id}`}, '198.51.100.4', now(), NULL),
           ('someone', '198.51.100.3', now() - interval '16 minutes', now() - interval '16 minutes')`);
  expect(await value('password_failures_recent{secret="login"}')).toBe(2);
  expect(await value('password_failures_recent{secret="fund"}')).toBe(1);
});

it('counts refusals with 429 by route', async () => {
  const sendCode = (i: number) =>
    call(t.app, 'POST', '/api/login/sendcode', {
      body: { phone: `1390000${String(i).padStart(4, '0')}` },
      ip: '192.0.2.77',
    });
  const keys = [];
  for (let i = 0; i < 4; i++) keys.push((await sendCode(i)).key);
  expect(keys[3]).toBe('too_many_requests');
  expect(await value('http_rate_limited_total{method="POST",route="/api/login/sendcode"}')).toBe(1);
});

it('counts the WebSocket clients of this node and shows the pool size', async () => {
  expect(await value('websocket_clients')).toBe(0);
  // Through a real socket: the stream's WebSocket plugin lives in the stream's own scope.
  const url = (await t.app.listen({ host: '127.0.0.1', port: 0 })).replace(/^http/, 'ws');
  const open = async () => {
    const socket = new WebSocket(`${url}/api/stream`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return socket;
  };
  const first = await open();
  const second = await open();
  expect(await value('websocket_clients')).toBe(2);
  first.terminate();
  // The server side notices the close a moment later.
  await vi.waitFor(async () => expect(await value('websocket_clients')).toBe(1));
  second.terminate();
  expect(await value('db_pool_connections{state="max"}')).toBe(60);
});

it('answers a scrape in about 2 s when the database does not answer: its figures are NaN, the rest is there', async () => {
  const stalled = { execute: () => new Promise(() => undefined) } as unknown as Db;
  const pool = { totalCount: 3, idleCount: 1, waitingCount: 5, options: { max: 10 } } as unknown as pg.Pool;
  const metrics = new Metrics(stalled, pool);
  const started = Date.now();
  const text = await metrics.scrape();
  expect(Date.now() - started).toBeLessThan(3_000);
  expect(text).toContain('db_pool_connections{state="waiting"} 5');
  for (const series of [
    'price_feed_lag_seconds',
    'orders_overdue',
    'review_queue_pending{queue="withdrawal"}',
    'copy_tasks_pending',
    'password_failures_recent{secret="fund"}',
  ])
    expect(text.toLowerCase()).toContain(`${series} nan`.toLowerCase());
  expect(text).toContain('process_cpu_seconds_total');
});

it('shows when the last whole backup was written, whichever node wrote it', async () => {
  expect(await value('backup_last_success_timestamp_seconds')).toBe(0);
  const dir = await mkdtemp(path.join(tmpdir(), 'metrics-backup-'));
  try {
    const before = Date.now() / 1000;
    await writeBackup(t.database.url, path.join(dir, 'app.gz'));
    const at = await value('backup_last_success_timestamp_seconds');
    expect(at).toBeGreaterThanOrEqual(Math.floor(before) - 1);
    expect(at).toBeLessThanOrEqual(Date.now() / 1000 + 1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

it("shows the last base backup as the database host's unit records it, apart from the whole backups", async () => {
  const unit = await readFile(
    path.resolve(import.meta.dirname, '../../../../deploy/systemd/contract-trader-basebackup.service'),
    'utf8',
  );
  // The statement the unit runs once pgBackRest has finished, word for word.
  const record = /^ExecStartPost=\/usr\/bin\/psql .* -c "(.+)"$/m.exec(unit)?.[1];
  expect(record).toMatch(/^INSERT INTO backup_runs/);
  const logical = await value('backup_last_success_timestamp_seconds');
  expect(await value('base_backup_last_success_timestamp_seconds')).toBe(0);
  const before = Date.now() / 1000;
  await t.database.db.execute(sql.raw(record!));
  const at = await value('base_backup_last_success_timestamp_seconds');
  expect(at).toBeGreaterThanOrEqual(Math.floor(before) - 1);
  expect(at).toBeLessThanOrEqual(Date.now() / 1000 + 1);
  expect(await value('backup_last_success_timestamp_seconds')).toBe(logical);
});

it("reads the database's WAL archiving: off on the embedded server, so nothing archived or failed", async () => {
  expect(await value('wal_archiving_enabled')).toBe(0);
  expect(await value('wal_archive_last_success_timestamp_seconds')).toBe(0);
  expect(await value('wal_archive_last_failure_timestamp_seconds')).toBe(0);
});
