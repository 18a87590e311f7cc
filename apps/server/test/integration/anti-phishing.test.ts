import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { postInboxMessage } from '../../src/modules/inbox/inbox.service.ts';
import { outbox } from '../../src/platform/messaging/outbox.table.ts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';

/**
 * The anti-phishing code: a word the user sets (stepped up when a factor is on) that every inbox message and
 * every SMS to their phone then carries, and that the user summary gives the withdrawal confirm sheet.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const post = (token: string, url: string, body: Record<string, string> = {}) =>
  call(t.app, 'POST', url, { token, body });
const lastSms = async (phone: string) =>
  (await t.database.db.select().from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1))[0]
    ?.body ?? '';

describe('the anti-phishing code', () => {
  it('is set, shown in the user summary, and starts every inbox message and SMS to the user', async () => {
    const u = await registerUser(t.app, t.database);
    expect(await post(u.token, '/api/user/anti_phishing', { code: 'Bluebird7' })).toMatchObject({
      code: 200,
      key: 'anti_phishing_set',
    });
    const info = await call(t.app, 'GET', '/api/user/index', { token: u.token });
    expect(info.data.anti_phishing_code).toBe('Bluebird7');

    await postInboxMessage(t.database.db, {
      userId: u.user.id,
      kind: 'deposit_approved',
      params: { reference: 'R1', amount: '10.00' },
      reference: 'test:anti-phishing',
    });
    const inbox = await call(t.app, 'GET', '/api/user/msg', { token: u.token, lang: 'zh' });
    expect(inbox.data.items[0].body).toMatch(/^\[防钓鱼码：Bluebird7\]/);

    const sent = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: u.phone, purpose: 'support' } });
    expect(sent).toMatchObject({ code: 200 });
    expect(await lastSms(u.phone)).toMatch(/^\[Anti-phishing code: Bluebird7\] Your verification code is \d{6}/);

    // Cleared, the messages go back to their plain text.
    expect(await post(u.token, '/api/user/anti_phishing')).toMatchObject({ key: 'anti_phishing_set' });
    const plain = await call(t.app, 'GET', '/api/user/msg', { token: u.token });
    expect(plain.data.items[0].body).toMatch(/^Your recharge/);
  });

  it('another user, and a phone no account has, get no code', async () => {
    const [u, other] = await Promise.all([registerUser(t.app, t.database), registerUser(t.app, t.database)]);
    await post(u.token, '/api/user/anti_phishing', { code: 'Secretword' });
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: other.phone, purpose: 'support' } });
    expect(await lastSms(other.phone)).not.toMatch(/Secretword|Anti-phishing/);
  });

  it('refuses a number, one character or more than 20, changing nothing', async () => {
    const u = await registerUser(t.app, t.database);
    await post(u.token, '/api/user/anti_phishing', { code: 'Kept' });
    for (const code of ['123456', 'a', 'x'.repeat(21), 'two words', '<b>']) {
      expect(await post(u.token, '/api/user/anti_phishing', { code }), code).toMatchObject({
        code: 422,
        key: 'anti_phishing_invalid',
      });
    }
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.anti_phishing_code).toBe('Kept');
  });

  it('with a second factor on, setting it is stepped up', async () => {
    const u = await registerUser(t.app, t.database);
    const secret = (await post(u.token, '/api/user/authenticator/start')).data.secret as string;
    await post(u.token, '/api/user/authenticator/confirm', { code: await generate({ secret }) });
    expect(await post(u.token, '/api/user/anti_phishing', { code: 'Phisher' })).toMatchObject({
      code: 403,
      key: 'second_factor_required',
    });
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.anti_phishing_code).toBeNull();
    const code = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
    expect(await post(u.token, '/api/user/anti_phishing', { code: 'Mine', second_factor_code: code })).toMatchObject({
      key: 'anti_phishing_set',
    });
  });
});
