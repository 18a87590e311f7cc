import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { translate } from '@app/i18n/catalogue';
import { loadConfig } from '../../src/platform/config/env.ts';
import { buildApp } from '../../src/app.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { TickHub } from '../../src/modules/market/index.ts';
import { LeaderLoop } from '../../src/platform/jobs/leader-loop.ts';
import { LOCKS } from '../../src/platform/jobs/leader-lock.ts';
import { ADMIN_TOKEN, createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * /api/health/ready says whether this node can serve, and nothing about the others: which node leads the jobs,
 * and whether one does at all, is the job_leader metric. Two app instances on one database stand for two nodes.
 */
let t: TestApp;
let second: { app: FastifyInstance; hub: TickHub };
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp({ withHub: true, withMetrics: true });
  // A second node on the same database, with its own tick subscription.
  const hub = new TickHub(t.database.url, silent);
  await hub.start();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const app = await buildApp({ config, db: t.database.db, sender: new OutboxSender(t.database.db), hub });
  await app.ready();
  second = { app, hub };
});
afterAll(async () => {
  await second?.hub.stop();
  await second?.app.close();
  await t?.close();
});

const ready = async (app: FastifyInstance) => {
  const response = await app.inject({ method: 'GET', url: '/api/health/ready', headers: { lang: 'de' } });
  return { status: response.statusCode, body: response.json() };
};
const scrape = async () =>
  (await t.admin.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })).body;
const series = (text: string, name: string) => {
  const line = text.split('\n').find((l) => l.startsWith(name + ' '));
  return line ? Number(line.slice(name.length + 1)) : NaN;
};

/** A singleton job on one node: the real lock and loop, with a pass that does nothing. */
const leaderLoop = () =>
  new LeaderLoop({
    url: t.database.url,
    lockKey: LOCKS.priceFeed,
    // A standby tries for the lock at each interval: a short one keeps the test short.
    intervalMs: 300,
    log: silent,
    name: 'test leader',
    pass: async () => true,
  });

it('is ready with no job leader anywhere and no price recorded, and says so in the metrics instead', async () => {
  const { status, body } = await ready(t.app);
  expect(status).toBe(200);
  expect(body.data.status).toBe('ready');
  expect(body.data.checks).toMatchObject({
    database: { ok: true },
    migrations: { ok: true },
    stream: { ok: true },
    feed: { lagSeconds: null },
  });
  expect(body.data.checks).not.toHaveProperty('leaders');

  const text = await scrape();
  for (const job of ['price-feed', 'accrual', 'alerts', 'maintenance'])
    expect(series(text, `job_leader{task="${job}"}`), job).toBe(0);
  expect(series(text, 'server_ready')).toBe(1);
});

it('keeps the surviving node ready through a clean stop of the leader, and the metric follows the leader', async () => {
  const first = leaderLoop();
  const standby = leaderLoop();
  first.start();
  await expect.poll(async () => series(await scrape(), 'job_leader{task="price-feed"}'), { timeout: 10_000 }).toBe(1);
  const before = series(await scrape(), 'job_leader_since_timestamp_seconds{task="price-feed"}');
  expect(before).toBeGreaterThan(0);
  standby.start();

  // The leader stops as a node does on SIGTERM; the other node is polled until it has taken over, and beyond.
  const statuses: number[] = [];
  let polling = true;
  const poll = (async () => {
    while (polling) {
      statuses.push((await ready(second.app)).status);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await first.stop();
  await expect
    .poll(async () => series(await scrape(), 'job_leader_since_timestamp_seconds{task="price-feed"}'), {
      timeout: 10_000,
    })
    .not.toBe(before);
  expect(series(await scrape(), 'job_leader{task="price-feed"}')).toBe(1);
  await new Promise((r) => setTimeout(r, 300));
  polling = false;
  await poll;
  await standby.stop();

  expect(statuses.length).toBeGreaterThan(5);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // No leader left: still ready, the metric says 0.
  expect((await ready(second.app)).status).toBe(200);
  expect(series(await scrape(), 'job_leader{task="price-feed"}')).toBe(0);
});

it("is not ready when the database lacks this node's migrations, with a translated refusal", async () => {
  const newest = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
  await t.database.db.execute(sql`UPDATE drizzle.__drizzle_migrations SET created_at = -created_at
    WHERE created_at = ${newest}`);
  try {
    const { status, body } = await ready(t.app);
    expect(status).toBe(503);
    expect(body).toMatchObject({
      code: 503,
      key: 'system_busy',
      msg: translate('de', 'system_busy'),
      data: { status: 'not_ready', failing: ['migrations'], checks: { migrations: { ok: false } } },
    });
    expect(series(await scrape(), 'server_ready')).toBe(0);
  } finally {
    await t.database.db.execute(sql`UPDATE drizzle.__drizzle_migrations SET created_at = -created_at
      WHERE created_at < 0`);
  }
  expect((await ready(t.app)).status).toBe(200);
});

it('is not ready while its own tick subscription is down, whatever the other node has', async () => {
  await t.hub!.stop();
  try {
    const { status, body } = await ready(t.app);
    expect(status).toBe(503);
    expect(body.data).toMatchObject({ failing: ['stream'], checks: { stream: { ok: false } } });
    expect((await ready(second.app)).status).toBe(200);
  } finally {
    await t.hub!.start();
  }
  expect((await ready(t.app)).status).toBe(200);
});
