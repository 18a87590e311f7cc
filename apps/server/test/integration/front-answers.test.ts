import { afterAll, beforeAll, expect, it } from 'vitest';
import http from 'node:http';
import pino from 'pino';
import type { FrontAnswers } from '../../src/platform/http/front-answers.ts';
import { ADMIN_TOKEN, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';

/**
 * The public reads answered before routing (front-answers.ts) against the same reads answered by the app's routes
 * and hooks (inject never passes through the HTTP server, so it is always the route's answer): the same status,
 * headers and bytes, the same access line and the same count in the metrics; and whatever the front may not
 * answer goes to the routes.
 */
let t: TestApp;
let market: MarketHarness;
let base: string;
let front: FrontAnswers;
const lines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  ({ t, market } = await marketTestApp({ withHub: true, withMetrics: true, logger }));
  await market.advance(30);
  // The feed's notifications of those seconds have reached the hub.
  await new Promise((r) => setTimeout(r, 300));
  front = t.app.front!;
  base = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A request over a real socket, with exactly these headers, and the answer's bytes as sent (not decompressed). */
function send(url: string, headers: Record<string, string> = {}, method = 'GET', body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${base}${url}`, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** The headers that differ between any two answers (or that the HTTP server, not the app, adds). */
const VOLATILE = ['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding'];
const stable = (headers: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(headers).filter(([name]) => !VOLATILE.includes(name)));

/** The fields of an access line that two requests share. */
const lineOf = (requestId: string) => {
  const line = lines.find((l) => l.request_id === requestId);
  if (!line) throw new Error(`no access line for ${requestId}`);
  const { request_id, ms, time, ...rest } = line;
  expect(typeof ms).toBe('number');
  return rest;
};

const scrapeValue = async (series: string) => {
  const text = (
    await t.admin.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } })
  ).body;
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
};

const READS = [
  ['/api/index/ajaxpro', '/api/index/ajaxpro'],
  ['/api/index/ajaxpro?symbols=BTC/USDT,ETH/USDT', '/api/index/ajaxpro'],
  ['/api/index/ajaxdata?class=crypto', '/api/index/ajaxdata'],
  ['/api/index/getkdata?symbol=BTC%2FUSDT&interval=1m&count=200', '/api/index/getkdata'],
  ['/api/health', '/api/health'],
] as const;
const ASKERS: Array<Record<string, string>> = [
  { 'user-agent': 'phone/1' },
  { 'user-agent': 'phone/2', 'accept-encoding': 'gzip, deflate, br', lang: 'zh' },
  { 'user-agent': 'phone/3', 'accept-encoding': 'gzip', language: 'de' },
  // A signed-in user's answer is never kept by a cache.
  { 'user-agent': 'phone/4', token: 'a-users-session-token', lang: 'th' },
];

it('answers a read its route answered with the same status, headers, bytes, line and count', async () => {
  for (const [url, route] of READS)
    for (const headers of ASKERS) {
      const counted = `http_requests_total{method="GET",route="${route}",status="200"}`;
      const countBefore = await scrapeValue(counted);
      // The route answers (and holds the bytes it made) ...
      const routed = await t.app.inject({ method: 'GET', url, headers });
      const served = front.served;
      // ... and the front answers the same question from them.
      const answered = await send(url, headers);
      expect(front.served, `${url} ${JSON.stringify(headers)}`).toBe(served + 1);

      expect(answered.status).toBe(routed.statusCode);
      expect(stable(answered.headers), url).toEqual(stable(routed.headers));
      expect(answered.body.equals(routed.rawPayload), url).toBe(true);
      if (headers.token) expect(answered.headers['cache-control']).toBe('no-store');
      expect(answered.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(answered.headers['x-request-id']).not.toBe(routed.headers['x-request-id']);

      // inject's socket is light-my-request's, whose address is 127.0.0.1 as a loopback client's is.
      expect(lineOf(answered.headers['x-request-id'] as string)).toEqual(
        lineOf(routed.headers['x-request-id'] as string),
      );
      expect(await scrapeValue(counted)).toBe(countBefore + 2);
      expect(
        await scrapeValue(`http_request_duration_seconds_count{method="GET",route="${route}"}`),
      ).toBeGreaterThanOrEqual(countBefore + 2);
    }
});

it('echoes a sane request id and replaces one that is not', async () => {
  const url = '/api/index/ajaxpro';
  await t.app.inject({ method: 'GET', url });
  const served = front.served;
  const sane = await send(url, { 'x-request-id': 'abc123.trace-7' });
  const insane = await send(url, { 'x-request-id': 'a b"c' });
  expect(front.served).toBe(served + 2);
  expect(sane.headers['x-request-id']).toBe('abc123.trace-7');
  expect(insane.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(lineOf('abc123.trace-7').url).toBe(url);
});

it('leaves to the routes what it may not answer', async () => {
  const url = '/api/index/ajaxpro';
  await t.app.inject({ method: 'GET', url });
  const served = front.served;
  // Another method, a GET with a body, a URL no route answered yet, a refusal, and a made-up path.
  expect((await send(url, {}, 'HEAD')).status).toBe(200);
  expect((await send(url, {}, 'POST')).status).toBe(404);
  expect((await send(url, { 'content-type': 'text/plain', 'content-length': '5' }, 'GET', 'hello')).status).toBe(200);
  expect((await send('/api/index/ajaxpro?symbols=XAU/USD')).status).toBe(200);
  for (let i = 0; i < 2; i++) {
    const refused = await send('/api/index/getkdata?symbol=NOPE&interval=1m');
    expect(JSON.parse(refused.body.toString()).key).toBe('product_not_found');
  }
  expect((await send('/api/index/nothing')).status).toBe(404);
  expect(front.served).toBe(served);
  // The URL answered once by its route is the front's from now on.
  await send('/api/index/ajaxpro?symbols=XAU/USD');
  expect(front.served).toBe(served + 1);
});

it('answers from the route again once the hub hears a new second, with the new price', async () => {
  const url = '/api/index/ajaxpro?symbols=BTC/USDT';
  const price = async () => JSON.parse((await send(url)).body.toString()).data.items[0].t as number;
  await price();
  const before = await price();
  const served = front.served;
  await market.advance(1);
  await new Promise((r) => setTimeout(r, 300));
  const after = await price();
  expect(front.served).toBe(served);
  expect(after).toBe(before + 1);
  await price();
  expect(front.served).toBe(served + 1);
});

it('runs the HTTP server as Fastify would make it', async () => {
  const { default: Fastify } = await import('fastify');
  const plain = Fastify({ requestTimeout: 60_000 });
  const server = t.app.server;
  expect(server.keepAliveTimeout).toBe(plain.server.keepAliveTimeout);
  expect(server.requestTimeout).toBe(plain.server.requestTimeout);
  expect(server.timeout).toBe(plain.server.timeout);
  expect(server.maxRequestsPerSocket).toBe(plain.server.maxRequestsPerSocket);
  await plain.close();
});

it('sends everything to the routes once the app closes', async () => {
  const url = '/api/index/ajaxpro';
  await send(url);
  const served = front.served;
  front.close();
  expect((await send(url)).status).toBe(200);
  expect(front.served).toBe(served);
});
