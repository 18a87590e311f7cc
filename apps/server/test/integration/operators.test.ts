import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { ADMIN_TOKEN, createTestApp, operatorHeaders, type TestApp } from '../helpers/test-app.ts';
import { createTestDatabase } from '../helpers/test-database.ts';
import { buildAdminApp } from '../../src/admin-app.ts';
import type { FastifyInstance } from 'fastify';

type Answer<T = any> = { status: number; code: number; key: string; data: T; cookie: string };

async function send<T = any>(
  admin: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  options: { body?: object; headers?: Record<string, string>; ip?: string } = {},
): Promise<Answer<T>> {
  const response = await admin.inject({
    method,
    url,
    headers: options.headers ?? {},
    ...(options.body ? { payload: options.body } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  const setCookie = response.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [])
    .map((c) => c.split(';')[0])
    .join('; ');
  return { status: response.statusCode, ...response.json(), cookie };
}

const PASSWORD = 'correct-horse-battery-staple';

describe('operator identities on a fresh platform', () => {
  let admin: FastifyInstance;
  let drop: () => Promise<void>;
  let db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  beforeAll(async () => {
    const database = await createTestDatabase();
    db = database.db;
    admin = await buildAdminApp({ db: database.db, token: ADMIN_TOKEN, logLevel: 'silent', refuseDroppedFields: true });
    await admin.ready();
    drop = async () => {
      await admin.close();
      await database.drop();
    };
  });
  afterAll(async () => drop?.());

  const shared = { authorization: `Bearer ${ADMIN_TOKEN}` };
  let root: { cookie: string; csrf: string };

  it('the shared token makes the two founding admins only, and acts as nobody', async () => {
    // No operator route answers the shared token.
    expect((await send(admin, 'GET', '/admin/deposits', { headers: shared })).key).toBe('login_required');
    expect((await send(admin, 'GET', '/admin/users', { headers: { ...shared, 'x-operator': 'alice' } })).status).toBe(
      401,
    );
    const weak = await send(admin, 'POST', '/admin/operators/bootstrap', {
      headers: shared,
      body: { name: 'root', password: 'aaaaaaaaaaaa' },
    });
    expect(weak.key).toBe('password_too_common');
    const made = await send(admin, 'POST', '/admin/operators/bootstrap', {
      headers: shared,
      body: { name: 'root', password: PASSWORD },
    });
    expect(made.code).toBe(200);
    expect(made.data).toMatchObject({ name: 'root', role: 'admin', totp_enrolled: false });
    // A second admin, since inviting one is held for a second admin: the founding pair.
    const taken = await send(admin, 'POST', '/admin/operators/bootstrap', {
      headers: shared,
      body: { name: 'root', password: PASSWORD },
    });
    expect(taken.key).toBe('operator_name_taken');
    const second = await send(admin, 'POST', '/admin/operators/bootstrap', {
      headers: shared,
      body: { name: 'other', password: PASSWORD },
    });
    expect(second.data).toMatchObject({ name: 'other', role: 'admin' });
    const again = await send(admin, 'POST', '/admin/operators/bootstrap', {
      headers: shared,
      body: { name: 'third', password: PASSWORD },
    });
    expect(again.key).toBe('operators_exist');
    expect(
      (await send(admin, 'POST', '/admin/operators/bootstrap', { body: { name: 'x1x', password: PASSWORD } })).status,
    ).toBe(401);
  });

  it('requires an authenticator: the first sign-in enrols one, and no session exists before', async () => {
    const login = await send(admin, 'POST', '/admin/session/login', { body: { name: 'root', password: PASSWORD } });
    expect(login.data.state).toBe('enrol');
    expect(login.cookie).toBe('');
    expect(login.data.enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/.*root\?.*secret=/);
    const wrong = await send(admin, 'POST', '/admin/session/enrol', {
      body: { ticket: login.data.enrolment.ticket, code: '000000' },
    });
    expect(wrong.key).toBe('wrong_verification_code');
    const code = await generate({ secret: login.data.enrolment.secret });
    const enrolled = await send(admin, 'POST', '/admin/session/enrol', {
      body: { ticket: login.data.enrolment.ticket, code },
    });
    expect(enrolled.code).toBe(200);
    expect(enrolled.data.recovery_codes).toHaveLength(10);
    expect(enrolled.cookie).toMatch(/^op_session=/);
    root = { cookie: enrolled.cookie, csrf: enrolled.data.csrf_token };
    const me = await send(admin, 'GET', '/admin/session', { headers: { cookie: root.cookie } });
    expect(me.data).toMatchObject({ operator: { name: 'root', totp_enrolled: true }, via: 'session' });

    // From now on the password alone is not enough, and the enrolment ticket is spent.
    const noCode = await send(admin, 'POST', '/admin/session/login', { body: { name: 'root', password: PASSWORD } });
    expect(noCode.key).toBe('enter_verification_code');
    const reused = await send(admin, 'POST', '/admin/session/enrol', {
      body: { ticket: login.data.enrolment.ticket, code },
    });
    expect(reused.key).toBe('verification_failed');
    // A recovery code replaces the authenticator once.
    const recovery = enrolled.data.recovery_codes[0];
    const byRecovery = await send(admin, 'POST', '/admin/session/login', {
      body: { name: 'root', password: PASSWORD, code: recovery },
    });
    expect(byRecovery.data.state).toBe('signed_in');
    const twice = await send(admin, 'POST', '/admin/session/login', {
      body: { name: 'root', password: PASSWORD, code: recovery },
    });
    expect(twice.key).toBe('verification_failed');
  });

  it('a change from the session needs its CSRF token; a cross-site form has none', async () => {
    const body = { name: 'sue', role: 'support', reason: 'new support hire' };
    const forged = await send(admin, 'POST', '/admin/operators', { headers: { cookie: root.cookie }, body });
    expect(forged.status).toBe(401);
    // A reloaded console asks for its CSRF token again, with the cookie (same origin only).
    const reloaded = await send(admin, 'GET', '/admin/session', { headers: { cookie: root.cookie } });
    expect(reloaded.data.csrf_token).toBe(root.csrf);
    const invited = await send(admin, 'POST', '/admin/operators', {
      headers: { cookie: root.cookie, 'x-csrf-token': root.csrf },
      body,
    });
    expect(invited.code).toBe(200);
    const weak = await send(admin, 'POST', '/admin/session/accept', {
      body: { ticket: invited.data.ticket, password: 'password12345' },
    });
    expect(weak.key).toBe('password_too_common');
    const accepted = await send(admin, 'POST', '/admin/session/accept', {
      body: { ticket: invited.data.ticket, password: 'sue-has-a-long-passphrase' },
    });
    expect(accepted.data).toMatchObject({ name: 'sue', role: 'support', created_by: 'root' });
    // Her first sign-in enrols; then a support session is refused a finance act and an admin one.
    const login = await send(admin, 'POST', '/admin/session/login', {
      body: { name: 'sue', password: 'sue-has-a-long-passphrase' },
    });
    const session = await send(admin, 'POST', '/admin/session/enrol', {
      body: { ticket: login.data.enrolment.ticket, code: await generate({ secret: login.data.enrolment.secret }) },
    });
    const sue = { cookie: session.cookie, 'x-csrf-token': session.data.csrf_token };
    expect((await send(admin, 'GET', '/admin/users', { headers: sue })).code).toBe(200);
    expect((await send(admin, 'GET', '/admin/deposits', { headers: sue })).key).toBe('permission_denied');
    expect((await send(admin, 'GET', '/admin/operators', { headers: sue })).status).toBe(403);
    // She cannot mint a token wider than her role.
    const wide = await send(admin, 'POST', '/admin/tokens', {
      headers: sue,
      body: { label: 'cli', role: 'finance', reason: 'trying my luck' },
    });
    expect(wide.key).toBe('permission_denied');
    const own = await send(admin, 'POST', '/admin/tokens', {
      headers: sue,
      body: { label: 'cli', role: 'support', reason: 'my laptop' },
    });
    expect(own.data.token).toMatch(/^opk_/);
    const bearer = { authorization: `Bearer ${own.data.token}` };
    expect((await send(admin, 'GET', '/admin/session', { headers: bearer })).data).toMatchObject({
      operator: { name: 'sue' },
      via: 'token',
    });
    // A token cannot mint tokens; revoked, it is refused.
    expect(
      (
        await send(admin, 'POST', '/admin/tokens', {
          headers: bearer,
          body: { label: 'x', role: 'support', reason: 'chain' },
        })
      ).key,
    ).toBe('permission_denied');
    await send(admin, 'POST', `/admin/tokens/${own.data.item.id}/revoke`, {
      headers: sue,
      body: { reason: 'laptop lost' },
    });
    expect((await send(admin, 'GET', '/admin/session', { headers: bearer })).status).toBe(401);

    // Disabled by an admin: her session ends at once.
    const disabled = await send(admin, 'POST', `/admin/operators/${accepted.data.id}/disable`, {
      headers: { cookie: root.cookie, 'x-csrf-token': root.csrf },
      body: { reason: 'left the company' },
    });
    expect(disabled.data.disabled).toBe(true);
    expect((await send(admin, 'GET', '/admin/session', { headers: sue })).status).toBe(401);
    // An admin cannot change their own account.
    const me = await send(admin, 'GET', '/admin/session', { headers: { cookie: root.cookie } });
    const self = await send(admin, 'POST', `/admin/operators/${me.data.operator.id}/role`, {
      headers: { cookie: root.cookie, 'x-csrf-token': root.csrf },
      body: { role: 'support', reason: 'demote myself' },
    });
    expect(self.key).toBe('second_operator_required');
  });

  it('counts each sign-in before checking it: a burst of guesses gets five checks', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        send(admin, 'POST', '/admin/session/login', {
          body: { name: 'root', password: `wrong-guess-number-${i}`, code: '123456' },
          ip: `10.9.0.${i + 1}`,
        }),
      ),
    );
    const keys = guesses.map((g) => g.key);
    // Two wrong answers earlier in this file (an enrolment code, a spent recovery code) count on the same
    // counter: three more are checked, nine refused unchecked.
    expect(keys.filter((k) => k === 'verification_failed')).toHaveLength(3);
    expect(keys.filter((k) => k === 'too_many_attempts')).toHaveLength(9);
    // Root, with the right password and a fresh code, waits for the window like the guesser.
    const locked = await send(admin, 'POST', '/admin/session/login', {
      body: { name: 'root', password: PASSWORD, code: '000000' },
    });
    expect(locked.key).toBe('too_many_attempts');
  });

  it('audits every operator act with who and why, and never a password or a secret', async () => {
    const rows = await db.select().from(auditLog).where(eq(auditLog.target, 'operator:1'));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['operator.bootstrap', 'operator.enrol_authenticator', 'operator.sign_in']),
    );
    const all = JSON.stringify(await db.select().from(auditLog));
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toContain('sue-has-a-long-passphrase');
  });
});

describe('operators in the test platform', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('a declared name is not an identity: X-Operator changes nothing', async () => {
    const me = await t.admin.inject({
      method: 'GET',
      url: '/admin/session',
      headers: { ...operatorHeaders('fay'), 'x-operator': 'alice' },
    });
    expect(me.json().data.operator.name).toBe('fay');
  });
});
