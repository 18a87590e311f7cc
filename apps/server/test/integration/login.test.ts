import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { sessions } from '../../src/modules/auth/auth.table.ts';
import { hashToken } from '../../src/modules/auth/sessions.ts';
import { call, createTestApp, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const login = (account: string, password: string, ip = '127.0.0.1', lang?: string) =>
  call(t.app, 'POST', '/api/login/index', { body: { account, password }, ip, ...(lang ? { lang } : {}) });

describe('POST /api/login/index', () => {
  it('logs in by account name (any case) or by phone, with a new token each time', async () => {
    const u = await registerUser(t.app, t.database);
    const a = await login(u.account.toUpperCase(), 'secret123');
    const b = await login(u.phone, 'secret123');
    expect(a).toMatchObject({ code: 200, key: 'login_succeeded' });
    expect(b.code).toBe(200);
    expect(a.data.token).not.toBe(b.data.token);
    expect(a.data.expires_at).toBeGreaterThan(Date.now() / 1000 + 29 * 86400);
    // Only the hash of a token is stored.
    const stored = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(a.data.token)));
    expect(stored).toHaveLength(1);
    const plain = await t.database.db.execute(
      sql`select count(*)::int as n from sessions where token_hash = ${a.data.token}`,
    );
    expect(plain.rows[0]!.n).toBe(0);
  });

  it('refuses missing fields, an unknown user and a wrong password with their own messages', async () => {
    expect((await login('', '')).key).toBe('please_fill_in');
    expect((await login('someone', '')).key).toBe('enter_password');
    expect((await login('', 'x')).key).toBe('enter_account');
    const unknown = await login('nobody_here', 'secret123', '10.0.0.1', 'th');
    expect(unknown).toMatchObject({ code: 404, key: 'user_not_found' });
    expect(unknown.msg).toBe('ไม่พบผู้ใช้นี้');
    const wrong = await login('demo', 'not-the-password', '10.0.0.2');
    expect(wrong).toMatchObject({ code: 400, key: 'wrong_password' });
  });

  it('refuses a locked account and its live sessions', async () => {
    const u = await registerUser(t.app, t.database);
    const lock = await t.admin.inject({
      method: 'POST',
      url: `/admin/users/${u.user.id}/lock`,
      headers: operatorHeaders('sam'),
      payload: { reason: 'suspicious activity reported' },
    });
    expect(lock.json().data.locked).toBe(true);
    expect((await login(u.account, 'secret123')).key).toBe('account_locked');
    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.code).toBe(401);
  });

  it('throttles after five failures in 15 minutes per address and per account, but not the owner at a known address', async () => {
    const u = await registerUser(t.app, t.database);
    const ownerIp = '127.0.0.1';
    // The owner has logged in from ownerIp (registration created a session there).
    for (let i = 0; i < 5; i++) {
      expect((await login(u.account, 'wrong-one', `10.1.0.${i}`)).key).toBe('wrong_password');
    }
    // A sixth guess from a new address is throttled, even with the right password.
    const guesser = await login(u.account, 'secret123', '10.1.0.99');
    expect(guesser).toMatchObject({ code: 429, key: 'too_many_attempts' });
    expect(guesser.msg).toMatch(/1[0-5]/);
    // The owner at their usual address still gets in.
    expect((await login(u.account, 'secret123', ownerIp)).code).toBe(200);

    // Per address: five failures on any accounts block that address.
    for (let i = 0; i < 5; i++) await login(`ghost${i}`, 'whatever', '10.2.0.1');
    expect((await login('demo', 'demo1234', '10.2.0.1')).key).toBe('too_many_attempts');
    expect((await login('demo', 'demo1234', '10.2.0.2')).code).toBe(200);
  });
});

describe('sessions', () => {
  it('answers 401 without a token, with a bad one, after logout and after the idle limit', async () => {
    expect((await call(t.app, 'GET', '/api/user/index')).code).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/index', { token: 'x'.repeat(43) })).code).toBe(401);
    const u = await registerUser(t.app, t.database);
    const out = await call(t.app, 'POST', '/api/login/logout', { token: u.token });
    expect(out).toMatchObject({ code: 200, key: 'logged_out' });
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).key).toBe('session_expired');

    const v = await login('demo', 'demo1234', '10.3.0.1');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.tokenHash, hashToken(v.data.token)));
    expect((await call(t.app, 'GET', '/api/user/index', { token: v.data.token })).code).toBe(401);

    const w = await login('demo', 'demo1234', '10.3.0.1');
    await t.database.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.tokenHash, hashToken(w.data.token)));
    expect((await call(t.app, 'GET', '/api/user/index', { token: w.data.token })).code).toBe(401);
  });

  it('shows the user info with balances', async () => {
    const s = await login('demo', 'demo1234', '10.4.0.1');
    const info = await call(t.app, 'GET', '/api/user/index', { token: s.data.token });
    expect(info.data).toMatchObject({
      account: 'demo',
      phone: '10000000000',
      invite_code: 'DEMO2026',
      real_name_state: 'none',
      is_vip: false,
      balances: { currency: 'USD', available: '10000.00', frozen: '0.00', total: '10000.00' },
    });
  });
});

describe('passwords', () => {
  it('changes the login password, refusing a wrong old one and mismatches, and ends other sessions', async () => {
    const u = await registerUser(t.app, t.database);
    const other = await login(u.account, 'secret123', '10.5.0.1');
    const change = (body: Record<string, string>) =>
      call(t.app, 'POST', '/api/user/pwd_login', { token: u.token, body });
    expect((await change({ old_password: 'nope123', password: 'newpass1', password_confirm: 'newpass1' })).key).toBe(
      'old_password_wrong',
    );
    expect((await change({ old_password: 'secret123', password: 'newpass1', password_confirm: 'newpass2' })).key).toBe(
      'passwords_differ',
    );
    expect((await change({ old_password: 'secret123', password: 'short', password_confirm: 'short' })).key).toBe(
      'password_length',
    );
    expect((await change({ old_password: '', password: 'newpass1', password_confirm: 'newpass1' })).key).toBe(
      'enter_old_password',
    );
    expect((await change({ old_password: 'secret123', password: 'newpass1', password_confirm: 'newpass1' })).key).toBe(
      'password_changed',
    );
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/index', { token: other.data.token })).code).toBe(401);
    expect((await login(u.account, 'secret123', '10.5.0.2')).key).toBe('wrong_password');
    expect((await login(u.account, 'newpass1', '10.5.0.3')).code).toBe(200);
  });

  it('sets the first fund password without an old one, then requires it', async () => {
    const u = await registerUser(t.app, t.database);
    const set = (body: Record<string, string>) => call(t.app, 'POST', '/api/user/pwd_pay', { token: u.token, body });
    expect((await set({ password: 'fund123', password_confirm: 'fund124' })).key).toBe('fund_passwords_differ');
    expect((await set({ password: 'fund123', password_confirm: 'fund123' })).key).toBe('fund_password_set');
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.has_fund_password).toBe(true);
    expect((await set({ password: 'fund456', password_confirm: 'fund456' })).key).toBe('enter_old_password');
    expect((await set({ old_password: 'wrong1', password: 'fund456', password_confirm: 'fund456' })).key).toBe(
      'fund_password_wrong',
    );
    expect((await set({ old_password: 'fund123', password: 'fund456', password_confirm: 'fund456' })).key).toBe(
      'fund_password_set',
    );
  });

  it('needs a login for every user endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/index'],
      ['POST', '/api/user/pwd_login'],
      ['POST', '/api/user/pwd_pay'],
      ['POST', '/api/login/logout'],
    ] as const) {
      const answer = await call(t.app, method, url, { lang: 'jp' });
      expect(answer).toMatchObject({ code: 401, key: 'login_required' });
      expect(answer.msg).toBe('先にログインしてください');
    }
  });
});
