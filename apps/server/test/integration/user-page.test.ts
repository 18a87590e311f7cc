import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { balancesOf, userAccount } from '../../src/modules/ledger/index.ts';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { submitDeposit } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const read = async (as: TestOperator, url: string) => {
  const response = await t.admin.inject({ method: 'GET', url, headers: operatorHeaders(as) });
  return { status: response.statusCode, ...response.json() };
};
const act = async (as: TestOperator, url: string, payload: object) => {
  const response = await t.admin.inject({ method: 'POST', url, headers: operatorHeaders(as), payload });
  return { status: response.statusCode, ...response.json() };
};

const PARTS = [
  '',
  '/balances',
  '/ledger',
  '/orders',
  '/plans',
  '/deposits',
  '/withdrawals',
  '/payment-methods',
  '/real-name',
  '/sessions',
  '/logins',
  '/factors',
  '/devices',
  '/freezes',
  '/messages',
  '/support',
  '/invitations',
  '/audit',
  '/activity',
  '/notes',
];

describe("one user's page in the console", () => {
  it('support and finance read every part; a content editor is refused each one', async () => {
    const { user, token } = await registerUser(t.app, t.database, {}, 'vi');
    for (const part of PARTS) {
      const refused = await read('cole', `/admin/users/${user.id}${part}`);
      expect([part, refused.status, refused.key]).toEqual([part, 403, 'permission_denied']);
      const seen = await read('sam', `/admin/users/${user.id}${part}?page=1&size=5`);
      expect([part, seen.status]).toEqual([part, 200]);
      expect((await read('fay', `/admin/users/${user.id}${part}`)).status).toBe(200);
    }
    // Nor may a content editor act on the account, whatever the act.
    for (const [url, body] of [
      ['/lock', { reason: 'content editor tries' }],
      ['/sessions/revoke', { reason: 'content editor tries' }],
      ['/messages', { lang: 'vi', title: 'x', body: 'y', reason: 'content editor tries' }],
      ['/payment-methods/1/allow-edit', { reason: 'content editor tries' }],
      ['/password-reset', { kind: 'login', reason: 'content editor tries', lang: 'vi' }],
    ] as const) {
      const refused = await act('cole', `/admin/users/${user.id}${url}`, body);
      expect([url, refused.status, refused.key]).toEqual([url, 403, 'permission_denied']);
    }
    expect((await read('sam', `/admin/users/${user.id}/audit`)).data.total).toBe(0);
    const profile = await read('sam', `/admin/users/${user.id}`);
    expect(profile.data).toMatchObject({ id: user.id, lang: 'vi', locked: false, has_fund_password: false });
    // The app, opened in another language, says so at launch: customer service then writes in that one.
    await call(t.app, 'GET', '/api/user/index', { token, lang: 'th' });
    expect((await read('sam', `/admin/users/${user.id}`)).data.lang).toBe('th');
    expect((await read('sam', `/admin/users/999999999`)).key).toBe('user_not_found');
    const logins = await read('sam', `/admin/users/${user.id}/logins`);
    expect(logins.data.items[0]).toMatchObject({ kind: 'register' });
    expect((await read('sam', `/admin/users/${user.id}/sessions`)).data.total).toBe(1);
  });

  it("gives support the user's recent activity across kinds, newest first, and no one else's", async () => {
    const deposit = await submitDeposit(t, '88.00');
    const other = await submitDeposit(t, '99.00');
    const seen = await read('sam', `/admin/users/${deposit.user.user.id}/activity?page=1&size=5`);
    expect(seen.data.items).toEqual([
      expect.objectContaining({ kind: 'deposit', id: deposit.id, amount: '88.00', status: 'review' }),
    ]);
    expect(seen.data.items.map((i: { id: number }) => i.id)).not.toContain(other.id);
    expect((await read('sam', `/admin/users/${deposit.user.user.id}/activity?kind=nope`)).status).toBe(400);
  });

  it("shows the user's second factors by kind, name and date, and never a secret", async () => {
    const { user } = await registerUser(t.app, t.database);
    const none = await read('sam', `/admin/users/${user.id}/factors`);
    expect(none.data).toEqual({
      second_factor_on_at: null,
      authenticator: null,
      recovery_codes_left: 0,
      passkeys: [],
      anti_phishing_code_set: false,
    });
    // As the account's own flows leave them: an authenticator with ten codes (one used), a passkey, a code word.
    const db = t.database.db;
    await db.execute(sql`INSERT INTO user_authenticators (user_id, secret, enrolled_at)
                         VALUES (${user.id}, 'JBSWY3DPEHPK3PXPTOPSECRET', now())`);
    await db.execute(sql`INSERT INTO user_recovery_codes (user_id, code_hash, used_at)
                         SELECT ${user.id}, 'hash-' || g, CASE WHEN g = 1 THEN now() END FROM generate_series(1, 10) g`);
    await db.execute(sql`INSERT INTO user_passkeys (user_id, credential_id, public_key, name)
                         VALUES (${user.id}, 'cred-ID-not-for-operators', 'pk-not-for-operators', 'Work phone')`);
    await db.execute(
      sql`UPDATE users SET second_factor_on_at = now(), anti_phishing_code = 'BLUEFOX' WHERE id = ${user.id}`,
    );
    const seen = await read('sam', `/admin/users/${user.id}/factors`);
    expect(seen.data).toMatchObject({
      second_factor_on_at: expect.any(Number),
      authenticator: { enrolled_at: expect.any(Number) },
      recovery_codes_left: 9,
      passkeys: [{ name: 'Work phone', created_at: expect.any(Number), last_used_at: null }],
      anti_phishing_code_set: true,
    });
    expect(JSON.stringify(seen)).not.toMatch(/TOPSECRET|cred-ID|pk-not|BLUEFOX|hash-/);
    expect((await read('sam', '/admin/users/999999999/factors')).key).toBe('user_not_found');
  });

  it("the ledger's running balance is the account's balance entry by entry, and ends at the balance", async () => {
    const { user } = await registerUser(t.app, t.database);
    const adjust = (direction: string, amount: string) =>
      act('fay', `/admin/users/${user.id}/adjustments`, {
        direction,
        amount,
        category: 'goodwill',
        reason: 'ticket 88',
      });
    for (const [d, a] of [
      ['credit', '50'],
      ['credit', '20.25'],
      ['debit', '5.10'],
      ['credit', '1'],
    ] as const)
      expect((await adjust(d, a)).data.status).toBe('posted');

    const page1 = await read('sam', `/admin/users/${user.id}/ledger?page=1&size=3`);
    const page2 = await read('sam', `/admin/users/${user.id}/ledger?page=2&size=3`);
    expect(page1.data.total).toBe(4);
    const entries = [...page1.data.items, ...page2.data.items];
    expect(entries.map((e: { amount: string }) => e.amount)).toEqual(['1.00', '-5.10', '20.25', '50.00']);
    // Newest first: each balance is the older one plus this entry's amount.
    const cents = (s: string) => Math.round(Number(s) * 100);
    for (let i = 0; i < entries.length; i++) {
      const older = i + 1 < entries.length ? cents(entries[i + 1].balance_after) : 0;
      expect(cents(entries[i].balance_after)).toBe(older + cents(entries[i].amount));
      expect(entries[i]).toMatchObject({ asset: 'USD', bucket: 'available' });
    }
    const code = userAccount(user.id, 'available');
    const inLedger = (await balancesOf(t.database.db, [code])).get(code)!;
    expect(BigInt(cents(entries[0].balance_after))).toBe(inLedger);
    const balances = await read('sam', `/admin/users/${user.id}/balances`);
    expect(balances.data).toMatchObject({ available: '66.15', frozen: '0.00', plan: '0.00', practice: '0.00' });
  });

  it('allowing one edit of a locked card lets exactly one edit, then the lock returns; audited', async () => {
    const { user, token } = await registerUser(t.app, t.database);
    const card = { bank_name: 'ICBC', branch: 'Pudong', holder: 'Li Lei', card_number: '6222020202020202' };
    const added = await call(t.app, 'POST', '/api/user/add_card', { token, body: card });
    expect(added.data.locked).toBe(true);
    const edit = (id: number, number: string) =>
      call(t.app, 'POST', '/api/user/edit_card', { token, body: { ...card, id: String(id), card_number: number } });

    // Locked: the user cannot edit it.
    expect((await edit(added.data.id, '6222030303030303')).key).toBe('method_locked');
    // A reason is required; support allows one edit; finance may read but not act.
    const url = `/admin/users/${user.id}/payment-methods/${added.data.id}/allow-edit`;
    expect((await act('sam', url, {})).code).toBe(400);
    expect((await act('fay', url, { reason: 'caller verified' })).key).toBe('permission_denied');
    const allowed = await act('sam', url, { reason: 'card replaced by the bank, caller verified' });
    expect(allowed.data).toMatchObject({ id: added.data.id, locked: false, edit_allowed_by: 'sam' });
    const mine = await call(t.app, 'GET', '/api/user/bank_card', { token });
    expect(mine.data.items[0]).toMatchObject({ id: added.data.id, locked: false });

    // Another user cannot spend the allowance: their edit of this id is refused and the card stays as it was.
    const stranger = await registerUser(t.app, t.database);
    const theirs = await call(t.app, 'POST', '/api/user/edit_card', {
      token: stranger.token,
      body: { ...card, id: String(added.data.id), card_number: '6222050505050505' },
    });
    expect(theirs.code).not.toBe(200);
    const still = await call(t.app, 'GET', '/api/user/bank_card', { token });
    expect(still.data.items[0]).toMatchObject({ id: added.data.id, locked: false, masked: mine.data.items[0].masked });

    const edited = await edit(added.data.id, '6222030303030303');
    expect(edited.code).toBe(200);
    expect(edited.data).toMatchObject({ locked: true, masked: '622********303' });
    // Exactly one: neither the old binding nor the new one can be edited again.
    expect((await edit(added.data.id, '6222040404040404')).key).toBe('no_data');
    expect((await edit(edited.data.id, '6222040404040404')).key).toBe('method_locked');

    const methods = await read('sam', `/admin/users/${user.id}/payment-methods`);
    expect(methods.data.items).toHaveLength(2);
    expect(methods.data.items[0]).toMatchObject({ id: edited.data.id, locked: true, removed_at: null });
    expect(methods.data.items[1].removed_at).not.toBeNull();

    const trail = await read('sam', `/admin/users/${user.id}/audit`);
    expect(trail.data.items[0]).toMatchObject({
      operator: 'sam',
      action: 'payment_method.allow_edit',
      reason: 'card replaced by the bank, caller verified',
      details: { method_id: added.data.id, before: { allowance: null } },
    });
    expect(trail.data.items[0].details.after.allowance.by).toBe('sam');
  });

  it("a message is written in the user's language and arrives in their inbox", async () => {
    const { user, token } = await registerUser(t.app, t.database, {}, 'de');
    const url = `/admin/users/${user.id}/messages`;
    const message = { title: 'Ihre Karte', body: 'Sie können Ihre Karte jetzt einmal ändern.', reason: 'ticket 91' };
    // Written in another language than the user's: refused, nothing sent.
    const wrong = await act('sam', url, { ...message, lang: 'en' });
    expect(wrong.key).toBe('message_language_changed');
    expect((await act('sam', url, { ...message, lang: 'de', title: ' ' })).code).toBe(400);
    expect((await act('cole', url, { ...message, lang: 'de' })).status).toBe(403);
    const sent = await act('sam', url, { ...message, lang: 'de' });
    expect(sent.data.recipients).toBe(1);

    const inbox = await call(t.app, 'GET', '/api/user/msg', { token });
    expect(inbox.data.items).toHaveLength(1);
    expect(inbox.data.items[0]).toMatchObject({ title: 'Ihre Karte', body: message.body, read: false });
    const seen = await read('sam', url);
    expect(seen.data.items[0]).toMatchObject({ title: 'Ihre Karte', lang: 'de' });
  });

  it("every act from the page lands in the user's audit trail, and revoking sessions signs the user out", async () => {
    const { user, token } = await registerUser(t.app, t.database, {}, 'zh');
    const base = `/admin/users/${user.id}`;
    expect((await call(t.app, 'GET', '/api/user/index', { token, lang: 'zh' })).code).toBe(200);

    expect((await act('sam', `${base}/sessions/revoke`, { reason: 'lost phone' })).data).toEqual({ revoked: 1 });
    expect((await call(t.app, 'GET', '/api/user/index', { token, lang: 'zh' })).key).toBe('session_expired');
    expect((await read('sam', `${base}/sessions`)).data.total).toBe(0);

    await act('sam', `${base}/lock`, { reason: 'suspicious logins' });
    await act('sam', `${base}/unlock`, { reason: 'owner confirmed' });
    await act('sam', `${base}/password-reset`, { kind: 'login', reason: 'forgot password', lang: 'zh' });
    await act('sam', `${base}/messages`, { lang: 'zh', title: '通知', body: '您的密码重置已开启。', reason: 'reset' });
    await act('fay', `${base}/adjustments`, {
      direction: 'credit',
      amount: '3',
      category: 'goodwill',
      reason: 'sorry',
    });
    const trail = await read('fay', `${base}/audit?size=100`);
    expect(trail.data.items.map((i: { action: string }) => i.action)).toEqual([
      'adjustment.post',
      'message.send',
      'user.password_reset_open',
      'user.unlock',
      'user.lock',
      'user.sessions_revoke',
    ]);
    expect(trail.data.items.every((i: { target: string }) => i.target === `user:${user.id}`)).toBe(true);
    expect(trail.data.items[5].details).toMatchObject({ before: { live_sessions: 1 }, after: { live_sessions: 0 } });
    // Another user's trail holds none of it.
    const other = await registerUser(t.app, t.database);
    expect((await read('sam', `/admin/users/${other.user.id}/audit`)).data.total).toBe(0);
  });
});
