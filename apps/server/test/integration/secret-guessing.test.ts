import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, sql } from 'drizzle-orm';
import { users } from '../../src/modules/users/users.table.ts';
import { verificationCodes } from '../../src/modules/auth/auth.table.ts';
import { call, createTestApp, registerUser, uniquePhone, type Answer, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { intentKey, SATURDAY_MORNING_SHANGHAI } from './wallet-helpers.ts';

/**
 * Bursts of guesses at a secret, sent in parallel as a guessing script would: whatever the burst's size, no more
 * checks than the limit (5 in 15 minutes per user and secret) may be evaluated, and a right guess inside or after
 * the burst must not get through.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => SATURDAY_MORNING_SHANGHAI });
  await changeControl(t.admin, '/admin/wallet-settings', { reason: 'guessing test', hold_hours: 0 });
});
afterAll(async () => t?.close());

const keysOf = (answers: Answer[]) => answers.map((a) => a.key);
const count = (answers: Answer[], key: string) => answers.filter((a) => a.key === key).length;
const burst = <T>(n: number, send: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(i)));

async function withFundPassword() {
  const u = await registerUser(t.app, t.database);
  const set = await call(t.app, 'POST', '/api/user/pwd_pay', {
    token: u.token,
    body: { password: 'fund1234', password_confirm: 'fund1234' },
  });
  expect(set.key).toBe('fund_password_set');
  return u;
}

const fundHash = async (userId: number) =>
  (await t.database.db.select({ h: users.fundPasswordHash }).from(users).where(eq(users.id, userId)))[0]!.h;

describe('the fund password', () => {
  it('pwd_pay: a burst of 40 wrong old passwords gets 5 checks, and the right one after it is refused', async () => {
    const u = await withFundPassword();
    const before = await fundHash(u.user.id);
    const change = (old: string) =>
      call(t.app, 'POST', '/api/user/pwd_pay', {
        token: u.token,
        body: { old_password: old, password: 'taken9876', password_confirm: 'taken9876' },
        lang: 'de',
      });
    const answers = await burst(40, (i) => change(`guess${i}x`));
    expect(count(answers, 'fund_password_wrong')).toBe(5);
    expect(count(answers, 'too_many_attempts')).toBe(35);
    const refused = answers.find((a) => a.key === 'too_many_attempts')!;
    expect(refused).toMatchObject({ code: 429, status: 429 });
    expect(refused.msg).toMatch(/^Zu viele Fehlversuche, bitte in 1[45] Min\. erneut versuchen$/);

    expect((await change('fund1234')).key).toBe('too_many_attempts');
    expect(await fundHash(u.user.id)).toBe(before);
  });

  it('pwd_pay and withdrawals share one counter, and a burst of 30 wrong withdrawals gets 5 checks', async () => {
    const u = await withFundPassword();
    const card = await call(t.app, 'POST', '/api/user/add_card', {
      token: u.token,
      body: { bank_name: 'B', branch: 'X', holder: 'H', card_number: '6222333344445566' },
    });
    const withdraw = (fund: string) =>
      call(t.app, 'POST', '/api/user/cash', {
        token: u.token,
        body: { method_id: String(card.data.id), amount: '100', fund_password: fund, key: intentKey() },
      });
    const changeWrong = () =>
      call(t.app, 'POST', '/api/user/pwd_pay', {
        token: u.token,
        body: { old_password: 'nope9876', password: 'taken9876', password_confirm: 'taken9876' },
      });
    expect((await changeWrong()).key).toBe('fund_password_wrong');
    expect((await changeWrong()).key).toBe('fund_password_wrong');

    const answers = await burst(30, (i) => withdraw(`wrong${i}z`));
    expect(count(answers, 'fund_password_wrong')).toBe(3);
    expect(count(answers, 'too_many_attempts')).toBe(27);
    // The right fund password is refused too, before any money check.
    expect((await withdraw('fund1234')).key).toBe('too_many_attempts');
  });

  it('a right password is not a failure: it does not count towards the limit', async () => {
    const u = await withFundPassword();
    for (let i = 0; i < 4; i++) {
      const answer = await call(t.app, 'POST', '/api/user/pwd_pay', {
        token: u.token,
        body: { old_password: 'fund1234', password: 'fund1234', password_confirm: 'fund1234' },
      });
      expect(answer.key).toBe('fund_password_set');
    }
    const wrong = await burst(4, () =>
      call(t.app, 'POST', '/api/user/pwd_pay', {
        token: u.token,
        body: { old_password: 'nope9876', password: 'fund1234', password_confirm: 'fund1234' },
      }),
    );
    expect(keysOf(wrong)).toEqual(Array(4).fill('fund_password_wrong'));
  });
  it('checks in flight count, but one whose process died stops counting once older than any check takes', async () => {
    const u = await withFundPassword();
    const pending = (secondsAgo: number) =>
      t.database.db.execute(sql`
        INSERT INTO login_failures (account_key, ip, created_at)
        SELECT ${`fund:${u.user.id}`}, 'fund:10.5.0.1', now() - make_interval(secs => ${secondsAgo})
        FROM generate_series(1, 5)`);
    const wrong = () =>
      call(t.app, 'POST', '/api/user/pwd_pay', {
        token: u.token,
        body: { old_password: 'nope9876', password: 'fund1234', password_confirm: 'fund1234' },
      });
    await pending(120);
    expect((await wrong()).key).toBe('fund_password_wrong');
    await pending(1);
    expect((await wrong()).key).toBe('too_many_attempts');
  });
});

describe('the login password', () => {
  it('pwd_login: a burst of 40 wrong old passwords gets 5 checks; the right one after it neither changes it nor ends sessions', async () => {
    const u = await registerUser(t.app, t.database);
    const other = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'secret123' },
    });
    const change = (old: string) =>
      call(t.app, 'POST', '/api/user/pwd_login', {
        token: u.token,
        body: { old_password: old, password: 'taken9876', password_confirm: 'taken9876' },
      });
    const answers = await burst(40, (i) => change(`guess${i}y`));
    expect(count(answers, 'old_password_wrong')).toBe(5);
    expect(count(answers, 'too_many_attempts')).toBe(35);
    expect((await change('secret123')).key).toBe('too_many_attempts');
    expect((await call(t.app, 'GET', '/api/user/index', { token: other.data.token })).code).toBe(200);
  });

  it('login: with one failure recorded, a burst of 9 wrong logins gets 4 checks', async () => {
    const u = await registerUser(t.app, t.database);
    const login = (password: string, ip: string) =>
      call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password }, ip });
    expect((await login('nope9876', '10.9.0.1')).key).toBe('wrong_password');
    const answers = await burst(9, (i) => login(`guess${i}w`, `10.9.1.${i}`));
    expect(count(answers, 'wrong_password')).toBe(4);
    expect(count(answers, 'too_many_attempts')).toBe(5);
    expect((await login('secret123', '10.9.2.1')).key).toBe('too_many_attempts');
  });

  it('logging in by phone and by account name, and changing the password, count on one counter', async () => {
    const u = await registerUser(t.app, t.database);
    const login = (account: string) =>
      call(t.app, 'POST', '/api/login/index', { body: { account, password: 'nope9876' }, ip: '10.8.0.1' });
    expect((await login(u.account)).key).toBe('wrong_password');
    expect((await login(u.phone)).key).toBe('wrong_password');
    expect((await login(u.account.toUpperCase())).key).toBe('wrong_password');
    const change = (old: string) =>
      call(t.app, 'POST', '/api/user/pwd_login', {
        token: u.token,
        body: { old_password: old, password: 'taken9876', password_confirm: 'taken9876' },
      });
    expect((await change('nope9876')).key).toBe('old_password_wrong');
    expect((await change('nope9876')).key).toBe('old_password_wrong');
    expect((await change('secret123')).key).toBe('too_many_attempts');
  });

  it('twenty people behind one address logging in at once all get in', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, () => registerUser(t.app, t.database)));
    const answers = await Promise.all(
      people.map((u) =>
        call(t.app, 'POST', '/api/login/index', {
          body: { account: u.account, password: 'secret123' },
          ip: '10.6.0.1',
        }),
      ),
    );
    expect(keysOf(answers)).toEqual(Array(20).fill('login_succeeded'));
  });

  it('an unknown account name is throttled like a real one, so throttling does not tell which accounts exist', async () => {
    const answers = await burst(8, () =>
      call(t.app, 'POST', '/api/login/index', {
        body: { account: 'ghost_user_x', password: 'nope9876' },
        ip: '10.7.0.1',
      }),
    );
    expect(count(answers, 'user_not_found')).toBe(5);
    expect(count(answers, 'too_many_attempts')).toBe(3);
  });
});

describe('SMS codes', () => {
  it('a burst of 20 wrong codes is admitted 5 times, and the code is spent', async () => {
    const phone = uniquePhone();
    expect((await call(t.app, 'POST', '/api/login/sendcode', { body: { phone } })).key).toBe('code_sent');
    const register = (code: string) =>
      call(t.app, 'POST', '/api/login/reg', {
        body: {
          account: `sms${process.pid % 1000}z${code}`,
          phone,
          password: 'secret123',
          password_confirm: 'secret123',
          code,
          invite_code: 'WELCOME',
          agree: '1',
        },
      });
    const answers = await burst(20, (i) => register(String(100000 + i)));
    expect(new Set(keysOf(answers))).toEqual(new Set(['wrong_verification_code']));
    const [row] = await t.database.db
      .select({ attempts: verificationCodes.attempts })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.phone, phone), eq(verificationCodes.purpose, 'register')))
      .orderBy(desc(verificationCodes.id))
      .limit(1);
    // Each admitted check is counted before it is compared: 5 admitted, whatever the burst.
    expect(row!.attempts).toBe(5);
  });
});
