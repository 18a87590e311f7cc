import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { hashPassword } from '../../src/modules/auth/index.ts';
import { operatorApiTokens, operators } from '../../src/modules/operators/operators.table.ts';
import { ADMIN_TOKEN, call, createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { operatorCall } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'a-long-console-passphrase-of-theirs';
const idOf = async (name: string) =>
  (await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.name, name)))[0]!.id;

/** Gives a seeded operator a password and an enrolled authenticator, as if they had signed in once before. */
async function withSignIn(name: string) {
  const secret = generateSecret();
  await t.database.db
    .update(operators)
    .set({ passwordHash: await hashPassword(PASSWORD), totpSecret: secret, totpEnrolledAt: new Date() })
    .where(eq(operators.name, name));
  return secret;
}

/** A further API token of a seeded operator, by its hash, as POST /admin/tokens would make it. */
async function extraToken(name: string, role: string) {
  const token = `opk_extra_${name}_${role}_0123456789abcdef`;
  await t.database.db.insert(operatorApiTokens).values({
    operatorId: await idOf(name),
    label: 'extra',
    role,
    tokenHash: createHash('sha256').update(token).digest('hex'),
  });
  return { authorization: `Bearer ${token}` };
}

async function signIn(name: string, password: string, code: string, ip: string) {
  const response = await t.admin.inject({
    method: 'POST',
    url: '/admin/session/login',
    payload: { name, password, code },
    remoteAddress: ip,
  });
  return response.json() as { code: number; key: string; data: { state?: string } };
}

const whoAmI = async (headers: Record<string, string>) =>
  (await t.admin.inject({ method: 'GET', url: '/admin/session', headers })).statusCode;

describe('changing an operator ends every credential they hold', () => {
  it('a reset of the authenticator ends their API tokens as well as their sessions', async () => {
    expect(await whoAmI(operatorHeaders('sam'))).toBe(200);
    const reset = await operatorCall(
      t.admin,
      'alice',
      'POST',
      `/admin/operators/${await idOf('sam')}/reset-authenticator`,
      {
        reason: 'phone lost',
      },
    );
    expect(reset.code).toBe(200);
    expect(await whoAmI(operatorHeaders('sam'))).toBe(401);
  });

  it('a role change ends a token whose role still fits the new one', async () => {
    // bob (admin) made a support-only token; narrowed to support, that token would still be "within" his role.
    const narrow = await extraToken('bob', 'support');
    expect(await whoAmI(narrow)).toBe(200);
    const changed = await operatorCall(t.admin, 'alice', 'POST', `/admin/operators/${await idOf('bob')}/role`, {
      role: 'support',
      reason: 'moved to the support desk',
    });
    expect(changed.data).toMatchObject({ name: 'bob', role: 'support' });
    expect(await whoAmI(narrow)).toBe(401);
    expect(await whoAmI(operatorHeaders('bob'))).toBe(401);
  });

  it('a disable ends their sessions and tokens', async () => {
    const secret = await withSignIn('cole');
    const signedIn = await t.admin.inject({
      method: 'POST',
      url: '/admin/session/login',
      payload: { name: 'cole', password: PASSWORD, code: await generate({ secret }) },
      remoteAddress: '10.40.0.1',
    });
    const cookie = String(signedIn.headers['set-cookie']).split(';')[0]!;
    expect(await whoAmI({ cookie })).toBe(200);
    await operatorCall(t.admin, 'alice', 'POST', `/admin/operators/${await idOf('cole')}/disable`, {
      reason: 'left the company',
    });
    expect(await whoAmI({ cookie })).toBe(401);
    expect(await whoAmI(operatorHeaders('cole'))).toBe(401);
  });
});

describe('sign-in counters: per operator name and per address, never shared with users', () => {
  it('five wrong sign-ins for a name that does not exist do not lock out a real operator at that address', async () => {
    const secret = await withSignIn('fay');
    for (let i = 0; i < 5; i++)
      expect((await signIn('nobody-here', `wrong-${i}`, '123456', '10.41.0.1')).key).toBe('verification_failed');
    const fay = await signIn('fay', PASSWORD, await generate({ secret }), '10.41.0.1');
    expect(fay.data.state).toBe('signed_in');
  });

  it("users' wrong logins from an address do not count against operators there, nor the reverse", async () => {
    const user = await registerUser(t.app, t.database);
    for (let i = 0; i < 5; i++) {
      const wrong = await call(t.app, 'POST', '/api/login/index', {
        body: { account: user.account, password: `wrong${i}xx` },
        ip: '10.42.0.1',
      });
      expect(wrong.key).not.toBe('login_succeeded');
    }
    const secret = await withSignIn('finn');
    expect((await signIn('finn', PASSWORD, await generate({ secret }), '10.42.0.1')).data.state).toBe('signed_in');
    for (let i = 0; i < 5; i++) await signIn('nobody-else', `wrong-${i}`, '123456', '10.42.0.2');
    // Another user (the first one's own counter is spent), at the address where operators just failed five times.
    const other = await registerUser(t.app, t.database);
    const login = await call(t.app, 'POST', '/api/login/index', {
      body: { account: other.account, password: 'secret123' },
      ip: '10.42.0.2',
    });
    expect(login.code).toBe(200);
  });

  it('one name is locked after five wrong answers from any addresses, the right password included', async () => {
    const secret = await withSignIn('alice');
    for (let i = 0; i < 5; i++)
      expect((await signIn('alice', `wrong-${i}`, '123456', `10.43.0.${i + 1}`)).key).toBe('verification_failed');
    const right = await signIn('alice', PASSWORD, await generate({ secret }), '10.43.0.9');
    expect(right.key).toBe('too_many_attempts');
  });

  it('an address is locked only after fifty wrong sign-ins, whatever the names', async () => {
    const ip = '10.44.0.1';
    for (let batch = 0; batch < 5; batch++) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => signIn(`guess-${batch}-${i}`, 'wrong-password', '123456', ip)),
      );
      expect(answers.map((a) => a.key)).toEqual(Array(10).fill('verification_failed'));
    }
    expect((await signIn('guess-last', 'wrong-password', '123456', ip)).key).toBe('too_many_attempts');
  });
});

describe('the shared token is a secret like any other', () => {
  it('is counted before it is compared: five wrong tries lock that address out, the right token included', async () => {
    const bootstrap = (token: string) =>
      t.admin.inject({
        method: 'POST',
        url: '/admin/operators/bootstrap',
        headers: { authorization: `Bearer ${token}` },
        payload: { name: 'intruder', password: 'a-long-console-passphrase-of-theirs' },
        remoteAddress: '10.45.0.1',
      });
    for (let i = 0; i < 5; i++) expect((await bootstrap(`guess-${i}`)).json().key).toBe('login_required');
    expect((await bootstrap(ADMIN_TOKEN)).json().key).toBe('too_many_attempts');
  });
});
