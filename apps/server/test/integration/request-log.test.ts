import { z } from 'zod';
import { answers } from '../../src/platform/http/answers.ts';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { loadConfig } from '../../src/platform/config/env.ts';
import { buildApp } from '../../src/app.ts';
import { loggerOptions } from '../../src/platform/logging/logger-options.ts';
import { loggableUrl } from '../../src/platform/http/request-log.ts';
import { buildAdminApp } from '../../src/admin-app.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database.ts';
import { ADMIN_TOKEN, registerUser } from '../helpers/test-app.ts';
import { operatorHeaders, seedTestOperators, testOperatorToken } from '../helpers/test-operators.ts';

type Line = Record<string, unknown> & { msg: string; request_id?: string };

/** Every line both apps log, parsed, written through the server's own logger options (redaction included). */
const lines: Line[] = [];
const raw: string[] = [];
const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const text of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(text);
      lines.push(JSON.parse(text) as Line);
    }
    done();
  },
});
const logger = pino(loggerOptions('info') as pino.LoggerOptions, sink);

let database: TestDatabase;
let app: FastifyInstance;
let admin: FastifyInstance;
let webDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  await seedTestOperators(database.db);
  webDir = await mkdtemp(path.join(os.tmpdir(), 'request-log-web-'));
  await mkdir(path.join(webDir, 'shell'), { recursive: true });
  await writeFile(path.join(webDir, 'shell', 'app.js'), 'console.log("hello");\n');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: '/nonexistent', WEB_DIR: webDir });
  app = await buildApp({
    config,
    db: database.db,
    sender: new OutboxSender(database.db),
    logger,
    authRequestsPerMinute: 100_000,
  });
  // An unexpected failure, to see what the error handler logs for one.
  app.get('/api/test/boom', { schema: { response: answers(z.null()) } }, async () => {
    throw new Error('boom');
  });
  admin = await buildAdminApp({ db: database.db, token: ADMIN_TOKEN, logger: logger.child({ api: 'admin' }) });
  await app.ready();
  await admin.ready();
});
afterAll(async () => {
  await app?.close();
  await admin?.close();
  await database?.drop();
  if (webDir) await rm(webDir, { recursive: true, force: true });
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const linesOf = (id: string) => lines.filter((l) => l.request_id === id);
const idOf = (response: { headers: Record<string, unknown> }) => String(response.headers['x-request-id']);

describe('request ids', () => {
  it('echoes a sane id from the proxy and puts it on every line of the request', async () => {
    const given = 'f3b1c2d4e5a6978812345678abcdef01';
    const response = await app.inject({ method: 'GET', url: '/api/index/nope', headers: { 'x-request-id': given } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe(given);
    expect(linesOf(given).map((l) => l.msg)).toEqual(['access']);
  });

  it('makes one when the proxy sends none, a new one each time', async () => {
    const first = await app.inject({ method: 'GET', url: '/api/health' });
    const second = await app.inject({ method: 'GET', url: '/api/health' });
    expect(idOf(first)).toMatch(UUID);
    expect(idOf(second)).toMatch(UUID);
    expect(idOf(first)).not.toBe(idOf(second));
    expect(linesOf(idOf(first))).toHaveLength(1);
  });

  it('replaces an id that is too long or holds characters a log line or header must not carry', async () => {
    for (const hostile of ['a'.repeat(500), 'abc\r\nSet-Cookie: x=1', 'id with spaces', '"quoted"', '']) {
      const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': hostile } });
      expect(idOf(response)).toMatch(UUID);
      expect(raw.some((text) => hostile.length > 0 && text.includes(hostile))).toBe(false);
    }
    // The limit is 128 characters; a dotted trace id passes as is.
    const longest = 'x'.repeat(128);
    expect(idOf(await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': longest } }))).toBe(
      longest,
    );
    const trace = '1-67891233-abcdef012345678912345678.span:7_a';
    expect(idOf(await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': trace } }))).toBe(
      trace,
    );
  });

  it('is on refusals, 404s, failures, redirects, static files and operator answers too', async () => {
    const refused = await app.inject({ method: 'GET', url: '/api/user/index' });
    expect(refused.statusCode).toBe(401);
    expect(idOf(refused)).toMatch(UUID);
    const invalid = await app.inject({ method: 'GET', url: '/api/user/get_this_order?id=abc', headers: {} });
    expect(invalid.json().code).not.toBe(200);
    expect(idOf(invalid)).toMatch(UUID);
    const missing = await app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(missing.statusCode).toBe(404);
    expect(idOf(missing)).toMatch(UUID);
    const failed = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(failed.statusCode).toBe(500);
    expect(idOf(failed)).toMatch(UUID);
    const redirect = await app.inject({ method: 'GET', url: '/h5' });
    expect(redirect.statusCode).toBe(301);
    expect(idOf(redirect)).toMatch(UUID);
    const file = await app.inject({ method: 'GET', url: '/h5/app.js' });
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain('hello');
    expect(idOf(file)).toMatch(UUID);
    const operatorRefused = await admin.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { 'x-request-id': 'ops-1' },
    });
    expect(operatorRefused.statusCode).toBe(401);
    expect(operatorRefused.headers['x-request-id']).toBe('ops-1');
  });
});

describe('the access line', () => {
  it('is logged once per request with method, route, URL, status, user and milliseconds', async () => {
    const u = await registerUser(app, database);
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/index',
      headers: { token: u.token, 'x-request-id': 'access-1' },
    });
    expect(response.statusCode).toBe(200);
    const access = linesOf('access-1');
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      level: 30,
      msg: 'access',
      method: 'GET',
      route: '/api/user/index',
      url: '/api/user/index',
      status: 200,
      userId: u.user.id,
    });
    expect(typeof access[0]!.ms).toBe('number');
    // The session token is in the request, never in the log.
    expect(raw.some((text) => text.includes(u.token))).toBe(false);

    await app.inject({ method: 'GET', url: '/api/no/such/thing?x=1', headers: { 'x-request-id': 'access-2' } });
    expect(linesOf('access-2')).toEqual([
      expect.objectContaining({ msg: 'access', method: 'GET', url: '/api/no/such/thing?x=1', status: 404 }),
    ]);
    expect(linesOf('access-2')[0]).not.toHaveProperty('route');
    expect(linesOf('access-2')[0]).not.toHaveProperty('userId');
  });

  it("carries the client's address and user agent, the agent cut to 256 characters", async () => {
    const phone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    await app.inject({
      method: 'GET',
      url: '/api/index/ajaxdata?class=crypto',
      headers: { 'x-request-id': 'access-ua-1', 'user-agent': phone },
      remoteAddress: '198.51.100.23',
    });
    expect(linesOf('access-ua-1')).toEqual([
      expect.objectContaining({ msg: 'access', status: 200, ip: '198.51.100.23', ua: phone }),
    ]);
    await admin.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { ...operatorHeaders('sam'), 'x-request-id': 'access-ua-2', 'user-agent': 'x'.repeat(1000) },
      remoteAddress: '127.0.0.1',
    });
    const [operatorLine] = linesOf('access-ua-2');
    expect(operatorLine).toMatchObject({ ip: '127.0.0.1', ua: 'x'.repeat(256) });
  });

  it('masks secrets a client put in the query string', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/index/ajaxdata?class=crypto&token=SeCrEtToKeN123&Password=hunter2&code=654321',
      headers: { 'x-request-id': 'access-3' },
    });
    const [access] = linesOf('access-3');
    expect(access?.url).toBe('/api/index/ajaxdata?class=crypto&token=[redacted]&Password=[redacted]&code=[redacted]');
    expect(raw.some((text) => /SeCrEtToKeN123|hunter2|654321/.test(text))).toBe(false);
  });

  it('masks a secret whose name is percent-encoded, and logs a query without one as sent', () => {
    expect(loggableUrl('/api/x?t%6Fken=abc&class=crypto')).toBe('/api/x?t%6Fken=[redacted]&class=crypto');
    expect(loggableUrl('/api/x?class=crypto&tokens=1&mycode=2')).toBe('/api/x?class=crypto&tokens=1&mycode=2');
    expect(loggableUrl('/api/x?class=crypto&SIGN=2')).toBe('/api/x?class=crypto&SIGN=[redacted]');
    expect(loggableUrl('/api/x?code')).toBe('/api/x?code');
    // A `%` in a value hides no name; one in a name is decoded wherever the pair stands.
    expect(loggableUrl('/api/x?symbol=BTC%2FUSDT&count=2')).toBe('/api/x?symbol=BTC%2FUSDT&count=2');
    expect(loggableUrl('/api/x?symbol=BTC%2FUSDT&%74oken=abc')).toBe('/api/x?symbol=BTC%2FUSDT&%74oken=[redacted]');
    expect(loggableUrl('/api/x?symbol=a%26token%3Dabc')).toBe('/api/x?symbol=a%26token%3Dabc');
  });

  it('names the operator on the admin port', async () => {
    await admin.inject({
      method: 'GET',
      url: '/admin/users',
      headers: { ...operatorHeaders('sam'), 'x-request-id': 'ops-2' },
    });
    expect(linesOf('ops-2')).toEqual([
      expect.objectContaining({ msg: 'access', route: '/admin/users', status: 200, operator: 'sam' }),
    ]);
    expect(raw.some((text) => text.includes(testOperatorToken('sam')))).toBe(false);
  });

  it('keeps no search query an operator typed: a card or phone number is logged as q=[redacted], refused or not', async () => {
    const card = '6217880012345678';
    for (const [id, url] of [
      ['ops-search-1', `/admin/search?q=${card}`],
      ['ops-search-2', `/admin/search?q=${'9'.repeat(200)}${card}`],
    ] as const)
      await admin.inject({ method: 'GET', url, headers: { ...operatorHeaders('sam'), 'x-request-id': id } });
    expect(linesOf('ops-search-1')).toEqual([
      expect.objectContaining({
        msg: 'access',
        route: '/admin/search',
        url: '/admin/search?q=[redacted]',
        status: 200,
      }),
    ]);
    // Too long: refused, and both its refusal line and its access line leave the query out.
    expect(linesOf('ops-search-2').map((l) => [l.msg, l.url])).toEqual([
      ['refused', '/admin/search?q=[redacted]'],
      ['access', '/admin/search?q=[redacted]'],
    ]);
    expect(raw.some((text) => text.includes(card))).toBe(false);
    expect(loggableUrl('/admin/search?q=13800138000&x=1', ['q'])).toBe('/admin/search?q=[redacted]&x=1');
  });
});

describe('refusal lines', () => {
  it('carry the URL, the method and the user', async () => {
    const u = await registerUser(app, database);
    const response = await app.inject({
      method: 'GET',
      url: '/api/user/get_this_order?id=987654321',
      headers: { token: u.token, 'x-request-id': 'refusal-1' },
    });
    expect(response.json().key).toBe('no_data');
    const refused = linesOf('refusal-1').find((l) => l.msg === 'refused');
    expect(refused).toMatchObject({
      key: 'no_data',
      method: 'GET',
      url: '/api/user/get_this_order?id=987654321',
      userId: u.user.id,
    });
    expect(linesOf('refusal-1').map((l) => l.msg)).toEqual(['refused', 'access']);
  });

  it('an unexpected failure is logged with its URL and method as well', async () => {
    await app.inject({ method: 'GET', url: '/api/test/boom?token=abc', headers: { 'x-request-id': 'boom-2' } });
    const failure = linesOf('boom-2').find((l) => l.msg === 'unhandled error');
    expect(failure).toMatchObject({ level: 50, method: 'GET', url: '/api/test/boom?token=[redacted]' });
    expect(failure?.err).toMatchObject({ message: 'boom' });
  });
});
