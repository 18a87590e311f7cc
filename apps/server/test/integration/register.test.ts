import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { translate } from '@app/i18n/catalogue';
import { users } from '../../src/modules/users/users.table.ts';
import { verificationCodes } from '../../src/modules/auth/auth.table.ts';
import {
  call,
  createTestApp,
  latestCode,
  operatorHeaders,
  registerUser,
  uniqueAccount,
  uniquePhone,
  type TestApp,
} from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const userCount = async () =>
  Number((await t.database.db.execute(sql`select count(*)::int as n from users`)).rows[0]!.n);

async function freshCode(phone = uniquePhone()) {
  const sent = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone } });
  expect(sent.code).toBe(200);
  return { phone, code: await latestCode(t.database, phone) };
}

function form(overrides: Record<string, string>) {
  return {
    account: uniqueAccount(),
    phone: uniquePhone(),
    password: 'secret123',
    password_confirm: 'secret123',
    code: '000000',
    invite_code: 'WELCOME',
    agree: '1',
    ...overrides,
  };
}

describe('POST /api/login/sendcode', () => {
  it('sends a 6-digit code to the outbox and refuses a resend within 60 s', async () => {
    const phone = uniquePhone();
    const first = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone } });
    expect(first).toMatchObject({ code: 200, key: 'code_sent', data: { resend_in: 60, expires_in: 300 } });
    expect(await latestCode(t.database, phone)).toMatch(/^\d{6}$/);
    const again = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone }, lang: 'fr' });
    expect(again.code).toBe(429);
    expect(again.key).toBe('code_resend_too_soon');
    expect(again.msg).toMatch(/\d+/);
    expect(again.msg).not.toContain('{{');
  });

  it('refuses a missing or malformed phone', async () => {
    expect((await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: '' } })).key).toBe('please_fill_in');
    expect(
      (await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: '12ab', purpose: 'register' } })).key,
    ).toBe('phone_invalid');
  });

  it('refuses a phone that is already registered', async () => {
    const answer = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: '10000000000' } });
    expect(answer.key).toBe('phone_already_registered');
  });
});

describe('POST /api/login/reg', () => {
  it('registers, logs in and creates the invitation code and empty balances', async () => {
    const { phone, code } = await freshCode();
    const account = uniqueAccount();
    const answer = await call(t.app, 'POST', '/api/login/reg', { body: form({ account, phone, code }), lang: 'de' });
    expect(answer.code).toBe(200);
    expect(answer.key).toBe('registered');
    expect(answer.msg).toBe(translate('de', 'registered'));
    expect(answer.msg).not.toBe(translate('en', 'registered'));
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.data.user).toMatchObject({
      account,
      phone,
      real_name_state: 'none',
      is_vip: false,
      has_fund_password: false,
    });
    expect(answer.data.user.invite_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.data.user.balances).toEqual({ currency: 'USD', available: '0.00', frozen: '0.00', total: '0.00' });
    const info = await call(t.app, 'GET', '/api/user/index', { token: answer.data.token });
    expect(info.data.account).toBe(account);
  });

  it('lets a registered user invite the next one and records the inviter', async () => {
    const inviter = await registerUser(t.app, t.database);
    const invited = await registerUser(t.app, t.database, { invite_code: inviter.user.invite_code.toLowerCase() });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, invited.user.id));
    expect(row!.inviterId).toBe(inviter.user.id);
  });

  const refusals: Array<[string, Record<string, string>, string, string?]> = [
    [
      'an empty form',
      { account: '', phone: '', password: '', password_confirm: '', code: '', invite_code: '', agree: '' },
      'please_fill_in',
    ],
    ['a missing account', { account: '' }, 'enter_account', 'account'],
    ['a malformed account', { account: '1bad name' }, 'enter_correct_username', 'account'],
    ['a missing phone', { phone: '' }, 'enter_phone', 'phone'],
    ['a malformed phone', { phone: 'abc' }, 'phone_invalid', 'phone'],
    ['a short password', { password: '12345', password_confirm: '12345' }, 'password_length', 'password'],
    ['a long password', { password: 'x'.repeat(17), password_confirm: 'x'.repeat(17) }, 'password_length', 'password'],
    ['different passwords', { password_confirm: 'secret124' }, 'passwords_differ', 'password_confirm'],
    ['a missing code', { code: '' }, 'enter_verification_code', 'code'],
    ['a missing invitation code', { invite_code: '' }, 'enter_invitation_code', 'invite_code'],
    ['an unticked agreement', { agree: '0' }, 'agreement_required', 'agree'],
  ];
  for (const [what, overrides, key, field] of refusals) {
    it(`refuses ${what} with "${key}" and creates nobody`, async () => {
      const before = await userCount();
      const answer = await call(t.app, 'POST', '/api/login/reg', { body: form(overrides), lang: 'kor' });
      expect(answer.code).toBe(400);
      expect(answer.key).toBe(key);
      if (field) expect(answer.data?.field).toBe(field);
      expect(answer.msg).not.toBe(key);
      expect(await userCount()).toBe(before);
    });
  }

  it('refuses a wrong verification code, and spends the code after five wrong tries', async () => {
    const { phone, code } = await freshCode();
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      const answer = await call(t.app, 'POST', '/api/login/reg', { body: form({ phone, code: wrong }) });
      expect(answer.key).toBe('wrong_verification_code');
    }
    const right = await call(t.app, 'POST', '/api/login/reg', { body: form({ phone, code }) });
    expect(right.key).toBe('wrong_verification_code');
  });

  it('refuses an expired verification code', async () => {
    const { phone, code } = await freshCode();
    await t.database.db
      .update(verificationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(verificationCodes.phone, phone));
    const answer = await call(t.app, 'POST', '/api/login/reg', { body: form({ phone, code }) });
    expect(answer.key).toBe('verification_code_expired');
  });

  it('refuses an unknown, disabled or used-up inviter', async () => {
    const { phone, code } = await freshCode();
    const answer = await call(t.app, 'POST', '/api/login/reg', {
      body: form({ phone, code, invite_code: 'NOPE1234' }),
    });
    expect(answer).toMatchObject({ code: 400, key: 'invalid_inviter' });
    const limited = await t.admin.inject({
      method: 'POST',
      url: '/admin/invite-codes',
      headers: operatorHeaders('alice'),
      payload: { reason: 'one-use code for a test', max_uses: 1 },
    });
    const one = limited.json().data.code as string;
    await registerUser(t.app, t.database, { invite_code: one });
    const second = await freshCode();
    const refused = await call(t.app, 'POST', '/api/login/reg', { body: form({ ...second, invite_code: one }) });
    expect(refused.key).toBe('invalid_inviter');
  });

  it('refuses an account or phone that is already registered, whatever the case', async () => {
    const existing = await registerUser(t.app, t.database);
    const a = await freshCode();
    const sameAccount = await call(t.app, 'POST', '/api/login/reg', {
      body: form({ ...a, account: existing.account.toUpperCase() }),
    });
    expect(sameAccount).toMatchObject({ code: 409, key: 'account_already_registered' });
    const samePhone = await call(t.app, 'POST', '/api/login/reg', {
      body: form({ phone: existing.phone, code: '123456' }),
    });
    expect(samePhone).toMatchObject({ code: 409, key: 'phone_already_registered' });
  });

  it('uses a code once: two registrations racing with one code create one user', async () => {
    const { phone, code } = await freshCode();
    const before = await userCount();
    const answers = await Promise.all(
      [0, 1].map(() => call(t.app, 'POST', '/api/login/reg', { body: form({ phone, code }) })),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(await userCount()).toBe(before + 1);
  });
});
