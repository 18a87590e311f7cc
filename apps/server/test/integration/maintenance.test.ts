import { afterAll, beforeAll, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { silentLog } from '../helpers/market-harness.ts';
import { MaintenanceJob } from '../../src/jobs/maintenance.job.ts';

let db: TestDatabase;
let userId: number;

beforeAll(async () => {
  db = await createTestDatabase();
  const users = await db.db.execute<{ id: string }>(sql`SELECT id FROM users ORDER BY id LIMIT 1`);
  userId = Number(users.rows[0]!.id);
});
afterAll(async () => {
  await db?.drop();
});

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const count = async (table: string, where = 'true') =>
  Number((await db.db.execute<{ n: string }>(sql.raw(`SELECT count(*) AS n FROM ${table} WHERE ${where}`))).rows[0]!.n);

it('prunes only what is past its retention, once, on one node', async () => {
  await db.db.execute(sql`INSERT INTO login_failures (account_key, ip, created_at) VALUES
    ('old', '10.0.0.1', ${ago('2 days')}), ('fresh', '10.0.0.1', ${ago('10 minutes')})`);
  await db.db.execute(sql`INSERT INTO sessions (user_id, token_hash, created_at, expires_at, revoked_at) VALUES
    (${userId}, 'expired-long-ago', ${ago('70 days')}, ${ago('40 days')}, NULL),
    (${userId}, 'logged-out-long-ago', ${ago('50 days')}, now() + interval '1 day', ${ago('31 days')}),
    (${userId}, 'expired-recently', ${ago('20 days')}, ${ago('10 days')}, NULL),
    (${userId}, 'live', now(), now() + interval '30 days', NULL)`);
  await db.db.execute(sql`INSERT INTO verification_codes (phone, purpose, code_hash, created_at, expires_at) VALUES
    ('13800000001', 'register', 'x', ${ago('3 days')}, ${ago('2 days')}),
    ('13800000001', 'register', 'y', ${ago('2 hours')}, ${ago('1 hour')})`);
  await db.db.execute(sql`INSERT INTO idempotency_keys (user_id, key, scope, request_hash, created_at) VALUES
    (${userId}, 'old-key', 'order', 'h', ${ago('8 days')}), (${userId}, 'new-key', 'order', 'h', ${ago('1 day')})`);

  const minute = 60_000;
  const nowMs = Date.now() - (Date.now() % minute);
  await db.db.execute(sql`INSERT INTO rate_limit_hits (key, window_start, hits) VALUES
    ('POST /api/login/index|10.0.0.1', ${nowMs - 2 * 3_600_000}, 4), ('POST /api/login/index|10.0.0.1', ${nowMs}, 2)`);

  const one = new MaintenanceJob({ db: db.db, url: db.url, log: silentLog });
  const other = new MaintenanceJob({ db: db.db, url: db.url, log: silentLog });
  const first = await one.runOnce();
  // The first job keeps the lock until it stops: the other node's pass does nothing.
  expect(await other.runOnce()).toBeNull();
  expect(first).toEqual({ loginFailures: 1, sessions: 2, codes: 1, idempotencyKeys: 1, rateLimitWindows: 1 });
  expect(await one.runOnce()).toEqual({
    loginFailures: 0,
    sessions: 0,
    codes: 0,
    idempotencyKeys: 0,
    rateLimitWindows: 0,
  });
  await Promise.all([one.stop(), other.stop()]);

  expect(await count('login_failures', `account_key = 'fresh'`)).toBe(1);
  expect(await count('login_failures', `account_key = 'old'`)).toBe(0);
  const kept = await db.db.execute<{ token_hash: string }>(
    sql`SELECT token_hash FROM sessions WHERE token_hash IN ('expired-long-ago', 'logged-out-long-ago', 'expired-recently', 'live') ORDER BY token_hash`,
  );
  expect(kept.rows.map((r) => r.token_hash)).toEqual(['expired-recently', 'live']);
  expect(await count('verification_codes', `phone = '13800000001'`)).toBe(1);
  expect(await count('idempotency_keys', `key = 'new-key'`)).toBe(1);
  expect(await count('idempotency_keys', `key = 'old-key'`)).toBe(0);
  expect(await count('rate_limit_hits', `window_start = ${nowMs}`)).toBe(1);
  expect(await count('rate_limit_hits')).toBe(1);
});
