import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/platform/config/env.ts';
import { buildApp, readinessOptions } from '../../src/app.ts';
import { readiness } from '../../src/platform/health/health.routes.ts';
import { buildAdminApp } from '../../src/admin-app.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { outbox } from '../../src/platform/messaging/outbox.table.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import pino from 'pino';
import { Metrics } from '../../src/platform/metrics/metrics.ts';
import { TickHub } from '../../src/modules/market/tick-hub.ts';
import { productLags } from '../../src/modules/market/index.ts';
import { systemClock } from '../../src/platform/time/clock.ts';
import { seedTestOperators } from './test-operators.ts';
export { operatorHeaders, testOperatorToken, type TestOperator } from './test-operators.ts';

export const ADMIN_TOKEN = 'test-admin-token-0123456789abcdef';
/** The test servers' VAPID key (any P-256 scalar below the curve's order). */
export const TEST_VAPID_PRIVATE_KEY = '3d1c4e2b5a69788f90a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607';

export type TestApp = {
  app: FastifyInstance;
  admin: FastifyInstance;
  database: TestDatabase;
  /** The node's tick hub, when asked for (withHub). */
  hub: TickHub | undefined;
  close: () => Promise<void>;
};

/** The real app and operator API over a fresh database, called through inject (real HTTP semantics). */
export async function createTestApp(
  options: {
    authRequestsPerMinute?: number;
    clock?: () => number;
    withHub?: boolean;
    withMetrics?: boolean;
    smsDailyPerAddress?: number;
    /** More of the environment (a test's push service, ...). */
    env?: Record<string, string>;
    /** The public app's logger (silent without it). */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  await seedTestOperators(database.db);
  const hub = options.withHub ? new TickHub(database.url, pino({ level: 'silent' })) : undefined;
  await hub?.start();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    // Every test user registers from the one loopback address; tests of the cap itself set it.
    SMS_DAILY_PER_ADDRESS: String(options.smsDailyPerAddress ?? 100_000),
    // A fixed key: no test server writes one under a DATA_DIR.
    VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY,
    ...options.env,
  });
  const clock = options.clock ?? systemClock;
  const metrics = options.withMetrics
    ? new Metrics(database.db, database.pool, () => productLags(database.db, clock()), {
        ready: async () =>
          (await readiness(database.db, readinessOptions(database.db, hub, clock))).failing.length === 0,
      })
    : undefined;
  const silent = { level: 'silent' } as const;
  const app = await buildApp({
    config,
    db: database.db,
    sender: new OutboxSender(database.db),
    authRequestsPerMinute: options.authRequestsPerMinute ?? 100_000,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(hub ? { hub } : {}),
    ...(metrics ? { metrics } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });
  const admin = await buildAdminApp({
    db: database.db,
    token: ADMIN_TOKEN,
    logLevel: silent.level,
    refuseDroppedFields: true,
    tz: config.platformTz,
    ...(metrics ? { metrics } : {}),
  });
  await app.ready();
  await admin.ready();
  return {
    app,
    admin,
    database,
    hub,
    close: async () => {
      await hub?.stop();
      await app.close();
      await admin.close();
      await database.drop();
    },
  };
}

export type Answer<T = unknown> = { status: number; code: number; msg: string; key: string; data: T };

/** Sends a form-urlencoded request the way the phone app does and returns the parsed envelope. */
export async function call<T = any>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: Record<string, string>; token?: string; lang?: string; ip?: string; userAgent?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  if (options.userAgent) headers['user-agent'] = options.userAgent;
  if (options.token) headers.token = options.token;
  if (options.lang) headers.lang = options.lang;
  const response = await app.inject({
    method,
    url,
    headers: { ...headers, ...(options.body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    payload: options.body ? new URLSearchParams(options.body).toString() : undefined,
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const body = response.json();
  return { status: response.statusCode, ...body };
}

export async function latestCode(database: TestDatabase, phone: string): Promise<string> {
  const [row] = await database.db
    .select()
    .from(outbox)
    .where(eq(outbox.recipient, phone))
    .orderBy(desc(outbox.id))
    .limit(1);
  const match = /\b(\d{6})\b/.exec(row?.body ?? '');
  if (!match) throw new Error(`no code sent to ${phone}`);
  return match[1]!;
}

let phoneCounter = 0;
export const uniquePhone = () =>
  `1380000${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(2, '0')}`;
let accountCounter = 0;
export const uniqueAccount = () => `user${process.pid % 10000}x${++accountCounter}`;

/** Registers a user through the real endpoints and returns their token. */
export async function registerUser(
  app: FastifyInstance,
  database: TestDatabase,
  overrides: Record<string, string> = {},
  /** The app's language at registration (the lang header), which customer service then writes in. */
  lang?: string,
) {
  const phone = overrides.phone ?? uniquePhone();
  const account = overrides.account ?? uniqueAccount();
  const sent = await call(app, 'POST', '/api/login/sendcode', { body: { phone } });
  if (sent.code !== 200) throw new Error(`sendcode: ${sent.key}`);
  const code = await latestCode(database, phone);
  const answer = await call(app, 'POST', '/api/login/reg', {
    body: {
      account,
      phone,
      password: 'secret123',
      password_confirm: 'secret123',
      code,
      invite_code: 'WELCOME',
      agree: '1',
      ...overrides,
    },
    ...(lang ? { lang } : {}),
  });
  if (answer.code !== 200) throw new Error(`register: ${answer.key}`);
  return { token: answer.data.token as string, user: answer.data.user, account, phone };
}
