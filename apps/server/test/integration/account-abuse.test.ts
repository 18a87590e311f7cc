import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { loadConfig } from '../../src/platform/config/env.ts';
import { OutboxSender } from '../../src/platform/messaging/message-sender.ts';
import { call, createTestApp, registerUser, uniquePhone, type TestApp } from '../helpers/test-app.ts';

/** The limits a script meets before it costs the platform money (SMS) or guesses an easy password. */
let t: TestApp;
beforeAll(async () => {
  // The shipped defaults: 10 codes a day per phone, 30 per address.
  t = await createTestApp({ smsDailyPerAddress: loadConfig({}).smsDailyCaps.perAddress });
});
afterAll(async () => t?.close());

const sendCode = (phone: string, ip: string, lang?: string) =>
  call(t.app, 'POST', '/api/login/sendcode', { body: { phone }, ip, ...(lang ? { lang } : {}) });

/** Codes sent earlier (an hour apart, the latest over a minute ago), as a day of resends would leave them. */
async function sentEarlier(phone: string, ip: string, n: number, hoursAgo = 0) {
  for (let i = 0; i < n; i++) {
    await t.database.db.execute(sql`
      INSERT INTO verification_codes (phone, purpose, code_hash, created_at, expires_at, ip)
      VALUES (${phone}, 'register', 'x', now() - make_interval(hours => ${hoursAgo + i}, mins => 2),
              now() - make_interval(hours => ${hoursAgo + i}), ${ip})`);
  }
}

describe('SMS daily caps', () => {
  it('a phone gets at most 10 codes in 24 hours, whatever addresses ask; older ones do not count', async () => {
    const phone = uniquePhone();
    await sentEarlier(phone, '10.20.0.1', 10);
    const refused = await sendCode(phone, '10.20.0.4', 'zh');
    expect(refused).toMatchObject({ status: 429, code: 429, key: 'code_daily_limit' });
    const yesterday = uniquePhone();
    await sentEarlier(yesterday, '10.20.0.1', 9);
    await sentEarlier(yesterday, '10.20.0.2', 5, 24);
    expect((await sendCode(yesterday, '10.20.0.3')).key).toBe('code_sent');
    expect(refused.msg).toBe('今日获取验证码次数过多，请明天再试');
  });

  it('a burst of 40 requests for 40 phones from one address sends 30 codes', async () => {
    const ip = '10.21.0.1';
    const answers = await Promise.all(Array.from({ length: 40 }, () => sendCode(uniquePhone(), ip)));
    expect(answers.filter((a) => a.key === 'code_sent')).toHaveLength(30);
    expect(answers.filter((a) => a.key === 'code_daily_limit')).toHaveLength(10);
    const [row] = (
      await t.database.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM outbox WHERE recipient IN (SELECT phone FROM verification_codes WHERE ip = ${ip})`,
      )
    ).rows;
    expect(row!.n).toBe(30);
    // Another address is not affected.
    expect((await sendCode(uniquePhone(), '10.21.0.2')).key).toBe('code_sent');
  });
});

describe('common passwords', () => {
  it('registration refuses the most guessable passwords with a translated message, before spending the code', async () => {
    for (const password of ['123456', 'aaaaaa', '111111', 'abcdef', 'qwerty12', 'password1']) {
      const phone = uniquePhone();
      expect((await sendCode(phone, `10.22.0.${password.length}`)).key).toBe('code_sent');
      const answer = await call(t.app, 'POST', '/api/login/reg', {
        lang: 'th',
        ip: '10.22.1.1',
        body: {
          account: `weak${password.length}x${phone.slice(-4)}`,
          phone,
          password,
          password_confirm: password,
          code: '000000',
          invite_code: 'WELCOME',
          agree: '1',
        },
      });
      expect(answer, password).toMatchObject({ status: 400, key: 'password_too_common', data: { field: 'password' } });
      expect(answer.msg).toBe('รหัสผ่านนี้ใช้กันทั่วไปและเดาได้ง่าย กรุณาเลือกรหัสผ่านอื่น');
    }
  });

  it('a new login or fund password is refused the same way, and the length rule is unchanged', async () => {
    const u = await registerUser(t.app, t.database);
    const changeLogin = (password: string) =>
      call(t.app, 'POST', '/api/user/pwd_login', {
        token: u.token,
        body: { old_password: 'secret123', password, password_confirm: password },
      });
    expect((await changeLogin('123456')).key).toBe('password_too_common');
    expect((await changeLogin('12345')).key).toBe('password_length');
    const setFund = (password: string) =>
      call(t.app, 'POST', '/api/user/pwd_pay', { token: u.token, body: { password, password_confirm: password } });
    expect((await setFund('111111')).key).toBe('password_too_common');
    expect((await setFund('654321')).key).toBe('password_too_common');
    expect((await setFund('fund1234')).key).toBe('fund_password_set');
    expect((await changeLogin('trade5678')).key).toBe('password_changed');
  });
});

describe('SMS texts in the log', () => {
  it('are never written unless LOG_SMS is set, in development too', async () => {
    expect(loadConfig({ NODE_ENV: 'development' }).logSms).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', LOG_SMS: '1' }).logSms).toBe(true);
    const lines: string[] = [];
    const log = pino({ level: 'trace' }, { write: (line: string) => lines.push(line) });
    const phone = uniquePhone();
    await new OutboxSender(t.database.db, log, loadConfig({ NODE_ENV: 'development' }).logSms).send({
      channel: 'sms',
      recipient: phone,
      body: 'Your code is 424242',
    });
    expect(lines.join('')).not.toContain('424242');
  });
});
