import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { operatorCall } from './wallet-helpers.ts';

// The user's one-tap freeze: withdrawals and payout-method changes stop at once, other sessions end; only an
// operator lifts it, audited. A sign-in on a new device says so by SMS too, pointing at the freeze.

let t: TestApp;
let keys = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const login = async (account: string) =>
  (await call(t.app, 'POST', '/api/login/index', { body: { account, password: 'secret123' } })).data.token as string;
const withdraw = (token: string) =>
  call(t.app, 'POST', '/api/user/cash', {
    token,
    body: { amount: '100', fund_password: 'whatever1', key: `fz-${Date.now()}-${++keys}` },
  });
const addWallet = (token: string) =>
  call(t.app, 'POST', '/api/user/add_wallet_addr', {
    token,
    body: { currency: 'USDT', network: 'TRC20', address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf' },
  });

describe('account freeze', () => {
  it('stops withdrawals and payout changes at once, signs out the other sessions, and only an operator lifts it', async () => {
    const u = await registerUser(t.app, t.database);
    const other = await login(u.account);
    // Before: the withdrawal is refused for what it lacks, not for a freeze.
    expect((await withdraw(u.token)).key).not.toBe('account_frozen');

    const frozen = await call(t.app, 'POST', '/api/user/freeze', { token: u.token });
    expect(frozen.key, frozen.msg).toBe('account_frozen_now');
    expect(frozen.data).toMatchObject({ frozen_at: expect.any(Number), signed_out: 1 });
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.frozen_at).toBe(
      frozen.data.frozen_at,
    );
    expect((await call(t.app, 'GET', '/api/user/index', { token: other })).code).toBe(401);

    const refused = await withdraw(u.token);
    expect(refused).toMatchObject({ code: 423, key: 'account_frozen' });
    expect(refused.msg).toContain('frozen');
    expect((await addWallet(u.token)).key).toBe('account_frozen');
    expect((await call(t.app, 'POST', '/api/user/del_payment', { token: u.token, body: { id: '1' } })).key).toBe(
      'account_frozen',
    );
    // Freezing again keeps the first time.
    expect((await call(t.app, 'POST', '/api/user/freeze', { token: u.token })).data.frozen_at).toBe(
      frozen.data.frozen_at,
    );
    const inbox = await call(t.app, 'GET', '/api/user/msg', { token: u.token });
    expect(inbox.data.items.map((m: { kind: string }) => m.kind)).toContain('account_frozen');

    // The operator's list shows it; support lifts it with a reason, audited; the user's money steps are theirs again.
    const listed = await operatorCall(t.admin, 'sam', 'GET', `/admin/users?q=${u.account}`);
    expect(listed.data.items[0].frozen_at).toBe(frozen.data.frozen_at);
    const noReason = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/unfreeze`, { reason: '' });
    expect(noReason.code).not.toBe(200);
    const lifted = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/unfreeze`, {
      reason: 'called in, identity checked by video',
    });
    expect(lifted.key, lifted.msg).toBe('operation_succeeded');
    expect(lifted.data.frozen_at).toBeNull();
    const audited = await t.database.db.execute(
      sql`SELECT operator, action, reason FROM audit_log WHERE target = ${`user:${u.user.id}`} ORDER BY id`,
    );
    expect(audited.rows).toEqual([
      { operator: 'sam', action: 'user.unfreeze', reason: 'called in, identity checked by video' },
    ]);
    expect((await withdraw(u.token)).key).not.toBe('account_frozen');
    expect((await addWallet(u.token)).key).not.toBe('account_frozen');

    // An operator can freeze too (a user who called in), audited the same way.
    const byOperator = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/freeze`, {
      reason: 'user called: phone stolen',
    });
    expect(byOperator.data.frozen_at).toEqual(expect.any(Number));
    expect((await withdraw(u.token)).key).toBe('account_frozen');
  });

  it('refuses a freeze without a session, and an operator act on a missing user', async () => {
    expect((await call(t.app, 'POST', '/api/user/freeze')).code).toBe(401);
    const missing = await operatorCall(t.admin, 'sam', 'POST', '/admin/users/999999/freeze', {
      reason: 'no such user',
    });
    expect(missing.key).toBe('user_not_found');
  });

  it('tells of a sign-in on a new device by SMS to the account’s phone, in its language, pointing at the freeze', async () => {
    const u = await registerUser(t.app, t.database, {}, 'en');
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
    const sign = (userAgent: string) =>
      call(t.app, 'POST', '/api/login/index', {
        body: { account: u.account, password: 'secret123' },
        userAgent,
        lang: 'zh',
      });
    const texts = async () =>
      (
        await t.database.db.execute<{ body: string }>(
          sql`SELECT body FROM outbox WHERE recipient = ${u.phone} AND body NOT LIKE '%验证码%' AND body NOT LIKE '%verification code%' ORDER BY id`,
        )
      ).rows.map((r) => r.body);
    await sign(android);
    const before = (await texts()).length;
    await sign(android);
    expect(await texts()).toHaveLength(before);
    await sign(iphone);
    const after = await texts();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1)).toMatch(/iPhone/);
    expect(after.at(-1)).toContain('冻结');
  });
});
