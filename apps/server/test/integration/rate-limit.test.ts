import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../src/platform/config/env.ts';
import { buildApp } from '../../src/app.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { pgRateLimitStore } from '../../src/platform/rate-limit/pg-rate-limit-store.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ authRequestsPerMinute: 3 });
  // A second node on the same database.
  other = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
    db: t.database.db,
    sender: new OutboxSender(t.database.db),
    authRequestsPerMinute: 3,
  });
  await other.ready();
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

const login = (app: FastifyInstance, ip: string) =>
  call(app, 'POST', '/api/login/index', { body: { account: 'nobody', password: 'wrong-password' }, ip });

it('counts a per-address limit across nodes: spreading requests over two nodes gets no more', async () => {
  const answers = [];
  for (const app of [t.app, other, t.app, other]) answers.push(await login(app, '203.0.113.7'));
  expect(answers.slice(0, 3).map((a) => a.key)).not.toContain('too_many_requests');
  expect(answers[3]!.key).toBe('too_many_requests');
  expect(answers[3]!.status).toBe(429);
  // Another address, and another route, have limits of their own.
  expect((await login(other, '203.0.113.8')).key).not.toBe('too_many_requests');
  const code = await call(other, 'POST', '/api/login/sendcode', { body: { phone: '13800000009' }, ip: '203.0.113.7' });
  expect(code.key).not.toBe('too_many_requests');
});

it('counts the last minute, not the clock minute, and only what it admits: a burst still counts after the minute turns', async () => {
  const Store = pgRateLimitStore(t.database.db);
  const store = new Store().child({ method: 'POST', url: '/window-test' });
  const max = 3;
  const hit = (at: number) => {
    vi.setSystemTime(at);
    return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
      store.incr('203.0.113.9', (error, result) => (error ? reject(error) : resolve(result!)), 60_000, max),
    );
  };
  const count = async (at: number) => (await hit(at)).current;
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    const minute = 60_000 * 29_000_000;
    expect([await count(minute + 59_000), await count(minute + 59_500), await count(minute + 59_900)]).toEqual([
      1, 2, 3,
    ]);
    // One second into the next minute, nearly all of the previous minute's hits are still inside the last 60 s:
    // refused, and told to wait until one more fits: when the 3 carried hits weigh under 2.5, 9 s and 1 ms on.
    expect(await hit(minute + 61_000)).toEqual({ current: 4, ttl: 9_001 });
    // Asking again early is refused and does not count: the wait it was told still holds, to the ms.
    expect(await count(minute + 70_000)).toBe(4);
    expect(await hit(minute + 70_001)).toEqual({ current: 3, ttl: 49_999 });
    // Two minutes on, none of them count; an allowed request is told when this clock minute ends.
    expect(await hit(minute + 180_000)).toEqual({ current: 1, ttl: 60_000 });
  } finally {
    vi.useRealTimers();
  }
});
