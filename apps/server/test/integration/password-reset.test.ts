import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { outbox } from '../../src/platform/messaging/outbox.table.ts';
import {
  call,
  createTestApp,
  latestCode,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const openReset = async (userId: number, kind: 'login' | 'fund', as: TestOperator = 'sam', lang = 'de') => {
  const response = await t.admin.inject({
    method: 'POST',
    url: `/admin/users/${userId}/password-reset`,
    headers: operatorHeaders(as),
    payload: { kind, reason: 'caller answered the account checks', lang },
  });
  return response.json();
};
const login = (account: string, password: string) =>
  call(t.app, 'POST', '/api/login/index', { body: { account, password } });

describe('a password reset customer service opens and the user completes', () => {
  it('login password: the operator opens it, the user sets a new one with an SMS code, nobody else sees it', async () => {
    const user = await registerUser(t.app, t.database);
    // Nothing is open yet: no code is sent for a reset.
    const early = await call(t.app, 'POST', '/api/login/sendcode', {
      body: { phone: user.phone, purpose: 'reset_login' },
    });
    expect(early.key).toBe('password_reset_not_open');

    // A finance reviewer may not; support may, and the user is told by SMS in their language.
    expect((await openReset(user.user.id, 'login', 'fay')).key).toBe('permission_denied');
    const opened = await openReset(user.user.id, 'login');
    expect(opened.data).toMatchObject({ user_id: user.user.id, kind: 'login', started_by: 'sam' });
    const [told] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, user.phone))
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(told!.body).toContain('Kundenservice');

    const sent = await call(t.app, 'POST', '/api/login/sendcode', {
      body: { phone: user.phone, purpose: 'reset_login' },
    });
    expect(sent.code).toBe(200);
    const code = await latestCode(t.database, user.phone);
    const weak = await call(t.app, 'POST', '/api/login/reset_password', {
      body: { phone: user.phone, kind: 'login', code, password: '123456', password_confirm: '123456' },
    });
    expect(weak.key).toBe('password_too_common');
    const done = await call(t.app, 'POST', '/api/login/reset_password', {
      body: { phone: user.phone, kind: 'login', code, password: 'Brand-new-9', password_confirm: 'Brand-new-9' },
    });
    expect(done.key).toBe('password_reset_done');

    expect((await login(user.account, 'secret123')).key).toBe('wrong_password');
    expect((await login(user.account, 'Brand-new-9')).code).toBe(200);
    // The old session ended with the old password.
    expect((await call(t.app, 'GET', '/api/user/index', { token: user.token })).status).toBe(401);
    // Spent: neither the code nor the reset works again.
    const again = await call(t.app, 'POST', '/api/login/reset_password', {
      body: { phone: user.phone, kind: 'login', code, password: 'Other-pass-7', password_confirm: 'Other-pass-7' },
    });
    expect(again.key).toBe('password_reset_not_open');

    // The audit log says who opened it and why, and holds no password.
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `user:${user.user.id}`));
    expect(rows.map((r) => [r.operator, r.action])).toContainEqual(['sam', 'user.password_reset_open']);
    const everything = JSON.stringify(rows) + JSON.stringify(await t.database.db.select().from(outbox));
    expect(everything).not.toContain('Brand-new-9');
  });

  it('a wrong code is counted: five tries spend it', async () => {
    const user = await registerUser(t.app, t.database);
    await openReset(user.user.id, 'login');
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: user.phone, purpose: 'reset_login' } });
    const code = await latestCode(t.database, user.phone);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', '/api/login/reset_password', {
          body: {
            phone: user.phone,
            kind: 'login',
            code: wrong,
            password: 'Brand-new-9',
            password_confirm: 'Brand-new-9',
          },
        }),
      ),
    );
    expect(tries.every((r) => r.key === 'wrong_verification_code')).toBe(true);
    const right = await call(t.app, 'POST', '/api/login/reset_password', {
      body: { phone: user.phone, kind: 'login', code, password: 'Brand-new-9', password_confirm: 'Brand-new-9' },
    });
    expect(right.key).toBe('wrong_verification_code');
    expect((await login(user.account, 'secret123')).code).toBe(200);
  });

  it('fund password: completed logged out, and the new one is the one that counts', async () => {
    const user = await registerUser(t.app, t.database);
    const set = await call(t.app, 'POST', '/api/user/pwd_pay', {
      token: user.token,
      body: { password: 'Fund-first-1', password_confirm: 'Fund-first-1' },
    });
    expect(set.code).toBe(200);
    await openReset(user.user.id, 'fund');
    // A login reset is not open: its purpose is refused.
    expect(
      (await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: user.phone, purpose: 'reset_login' } })).key,
    ).toBe('password_reset_not_open');
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: user.phone, purpose: 'reset_fund' } });
    const code = await latestCode(t.database, user.phone);
    const done = await call(t.app, 'POST', '/api/login/reset_password', {
      body: { phone: user.phone, kind: 'fund', code, password: 'Fund-second-2', password_confirm: 'Fund-second-2' },
    });
    expect(done.code).toBe(200);
    // Changing it now needs the new one as the old one; the login session is untouched.
    const withOld = await call(t.app, 'POST', '/api/user/pwd_pay', {
      token: user.token,
      body: { old_password: 'Fund-first-1', password: 'Fund-third-3', password_confirm: 'Fund-third-3' },
    });
    expect(withOld.key).toBe('fund_password_wrong');
    const withNew = await call(t.app, 'POST', '/api/user/pwd_pay', {
      token: user.token,
      body: { old_password: 'Fund-second-2', password: 'Fund-third-3', password_confirm: 'Fund-third-3' },
    });
    expect(withNew.code).toBe(200);
  });
});
