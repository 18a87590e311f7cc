import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import type { FastifyInstance } from 'fastify';
import { buildAdminApp } from '../../src/admin-app.ts';
import { ADMIN_TOKEN, createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';

/**
 * The headers every answer carries at the node (nginx adds only Strict-Transport-Security, deploy-nginx.test.ts):
 * no HSTS of the node's own; on pages, a Permissions-Policy and a CSP whose connections stay on this origin; on API
 * answers, a CSP that allows nothing and no page headers; no-store on what a signed-in user or an operator is
 * answered, and the console's session cookie Secure off plain loopback.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ withHub: true, withMetrics: true });
});
afterAll(async () => t?.close());

const directives = (csp: string) =>
  new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );

/** What every API answer carries, and the page headers it must not (they govern pages only, and cost a kilobyte). */
function expectApiHeaders(response: { headers: Record<string, unknown> }, url: string) {
  expect(response.headers['strict-transport-security'], url).toBeUndefined();
  const csp = directives(String(response.headers['content-security-policy']));
  expect(csp.get('default-src'), url).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
  expect(response.headers['x-content-type-options'], url).toBe('nosniff');
  expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
  for (const pageOnly of ['permissions-policy', 'cross-origin-opener-policy', 'referrer-policy', 'x-xss-protection'])
    expect(response.headers[pageOnly], `${url} ${pageOnly}`).toBeUndefined();
}

describe('the public app', () => {
  it('sends pages no HSTS of its own, a Permissions-Policy, and a CSP that connects to its own origin only', async () => {
    for (const url of ['/h5/', '/h5/no-such-file.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
      expect(response.headers['permissions-policy'], url).toMatch(/(^|, )camera=\(\)/);
      expect(response.headers['permissions-policy'], url).toMatch(/(^|, )geolocation=\(\)/);
      // The app copies codes and shares its invitation poster.
      expect(response.headers['permissions-policy'], url).not.toMatch(/clipboard|web-share/);
      const csp = directives(String(response.headers['content-security-policy']));
      expect(csp.get('connect-src'), url).toEqual(["'self'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
    }
  });

  it('sends API answers, refusals and misses included, a CSP that allows nothing and no page headers', async () => {
    for (const url of ['/api/health/live', '/api/index/ajaxdata?class=crypto', '/api/no/such/thing']) {
      expectApiHeaders(await t.app.inject({ method: 'GET', url }), url);
    }
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: { token: 'nope' } });
    expect(refused.statusCode).toBe(401);
    expectApiHeaders(refused, 'refused');
  });

  it('answers a signed-in user with no-store, and leaves public answers and chosen policies alone', async () => {
    const u = await registerUser(t.app, t.database);
    for (const url of ['/api/user/index', '/api/user/finance?page=1', '/api/user/nosuch']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { token: u.token } });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    // A refused token is answered no-store too: the answer is about that token.
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: { token: 'nope' } });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/user/addorder',
      headers: { token: u.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'symbol=BTC%2FUSDT&seconds=30&amount=10&direction=up&key=edge-1',
    });
    expect(order.headers['cache-control']).toBe('no-store');
    // A route that chose its own policy keeps it.
    const csv = await t.app.inject({ method: 'GET', url: '/api/user/finance_csv', headers: { token: u.token } });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['cache-control']).toBe('private, no-store');

    const quotes = await t.app.inject({ method: 'GET', url: '/api/index/ajaxdata?class=crypto' });
    expect(quotes.statusCode).toBe(200);
    expect(quotes.headers['cache-control']).toBeUndefined();
  });
});

describe('the operator app', () => {
  it('answers every operator API call and the metrics with no-store and the API headers; its pages as pages', async () => {
    const calls = [
      { url: '/admin/session', headers: operatorHeaders('alice') },
      { url: '/admin/deposits', headers: operatorHeaders('fay') },
      { url: '/admin/deposits', headers: {} },
      { url: '/metrics', headers: { authorization: `Bearer ${ADMIN_TOKEN}` } },
    ];
    for (const { url, headers } of calls) {
      const response = await t.admin.inject({ method: 'GET', url, headers });
      expect(response.headers['cache-control'], url).toBe('no-store');
      expectApiHeaders(response, url);
    }
    // The console's page and the API's reference page are pages.
    for (const url of ['/console/', '/admin/docs']) {
      const response = await t.admin.inject({ method: 'GET', url });
      expect(response.headers['permissions-policy'], url).toMatch(/microphone=\(\)/);
      expect(directives(String(response.headers['content-security-policy'])).get('default-src'), url).toEqual([
        "'self'",
      ]);
    }
  });
});

describe("the console's session cookie", () => {
  let admin: FastifyInstance;
  let drop: () => Promise<void>;
  let recovery: string[];
  const PASSWORD = 'correct-horse-battery-staple';
  beforeAll(async () => {
    const database = await createTestDatabase();
    admin = await buildAdminApp({ db: database.db, token: ADMIN_TOKEN, logLevel: 'silent', refuseDroppedFields: true });
    await admin.ready();
    drop = async () => {
      await admin.close();
      await database.drop();
    };
  });
  afterAll(async () => drop?.());

  const post = (url: string, body: object, headers: Record<string, string>, remoteAddress: string) =>
    admin.inject({ method: 'POST', url, payload: body, headers, remoteAddress });
  const sessionCookie = (response: Awaited<ReturnType<typeof post>>) => {
    const all = response.headers['set-cookie'];
    const found = (Array.isArray(all) ? all : [all]).find((c) => c?.startsWith('op_session='));
    expect(found, response.body).toBeDefined();
    return found!;
  };
  const isSecure = (cookie: string) => cookie.split(';').some((part) => part.trim().toLowerCase() === 'secure');

  it('is Secure everywhere but plain http on loopback', async () => {
    const made = await post(
      '/admin/operators/bootstrap',
      { name: 'root', password: PASSWORD },
      { authorization: `Bearer ${ADMIN_TOKEN}` },
      '127.0.0.1',
    );
    expect(made.statusCode).toBe(200);
    const login = (
      await post('/admin/session/login', { name: 'root', password: PASSWORD }, { host: '127.0.0.1:8081' }, '127.0.0.1')
    ).json();
    // The operator on the node itself, or through an SSH tunnel: loopback on both ends.
    const enrolled = await post(
      '/admin/session/enrol',
      { ticket: login.data.enrolment.ticket, code: await generate({ secret: login.data.enrolment.secret }) },
      { host: '127.0.0.1:8081' },
      '127.0.0.1',
    );
    const loopback = sessionCookie(enrolled);
    expect(isSecure(loopback)).toBe(false);
    expect(loopback).toMatch(/HttpOnly/i);
    expect(loopback).toMatch(/SameSite=Strict/i);
    recovery = enrolled.json().data.recovery_codes;

    const signIn = async (headers: Record<string, string>, remoteAddress: string) =>
      sessionCookie(
        await post(
          '/admin/session/login',
          { name: 'root', password: PASSWORD, code: recovery.shift()! },
          headers,
          remoteAddress,
        ),
      );
    expect(isSecure(await signIn({ host: 'localhost:8081' }, '::1'))).toBe(false);
    // A private network over plain http: Secure, so the browser refuses to keep it rather than leak it.
    expect(isSecure(await signIn({ host: '10.0.0.11:8081' }, '10.0.0.5'))).toBe(true);
    // A TLS proxy on the node: it keeps the public host, or says it forwards.
    expect(isSecure(await signIn({ host: 'console.example.com' }, '127.0.0.1'))).toBe(true);
    expect(isSecure(await signIn({ host: '127.0.0.1:8081', 'x-forwarded-proto': 'https' }, '127.0.0.1'))).toBe(true);
    expect(isSecure(await signIn({ host: '127.0.0.1:8081', 'x-forwarded-for': '203.0.113.9' }, '127.0.0.1'))).toBe(
      true,
    );
    // A loopback name asked from elsewhere is not loopback.
    expect(isSecure(await signIn({ host: 'localhost:8081' }, '192.0.2.10'))).toBe(true);
  });

  it('is Secure on plain loopback too with ADMIN_COOKIE_SECURE=always', async () => {
    const database = await createTestDatabase();
    const strict = await buildAdminApp({
      db: database.db,
      token: ADMIN_TOKEN,
      logLevel: 'silent',
      cookieSecure: 'always',
    });
    try {
      const at = (url: string, body: object, headers: Record<string, string> = {}) =>
        strict.inject({ method: 'POST', url, payload: body, headers: { host: '127.0.0.1:8081', ...headers } });
      await at(
        '/admin/operators/bootstrap',
        { name: 'root', password: PASSWORD },
        {
          authorization: `Bearer ${ADMIN_TOKEN}`,
        },
      );
      const login = (await at('/admin/session/login', { name: 'root', password: PASSWORD })).json();
      const enrolled = await at('/admin/session/enrol', {
        ticket: login.data.enrolment.ticket,
        code: await generate({ secret: login.data.enrolment.secret }),
      });
      expect(isSecure(sessionCookie(enrolled))).toBe(true);
    } finally {
      await strict.close();
      await database.drop();
    }
  });
});
