import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { ledgerAccounts, ledgerEntries } from '../../src/modules/ledger/ledger.table.ts';
import { users } from '../../src/modules/users/users.table.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { intentKey, operatorCall, pngImage, SATURDAY_MORNING_SHANGHAI, uploadProof } from './wallet-helpers.ts';

// Closing one's account: refused while money or open business remains (saying what to do first); afterwards no
// sign-in, the person's data anonymised, the ledger and records kept under a pseudonym, operators unable to act on
// it. And the withdrawal allow-list mode: only methods bound a day ago, turning it off takes a day.

process.env.KYC_KEY ??= Buffer.alloc(32, 9).toString('base64');

let t: TestApp;
let market: MarketHarness;
type User = Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  // The platform's own hold off: what holds a new method below is the user's allow-list alone.
  const set = await changeControl(t.admin, '/admin/wallet-settings', { reason: 'allow-list test', hold_hours: 0 });
  expect(set.code, JSON.stringify(set)).toBe(200);
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const get = (token: string, url: string, lang?: string) =>
  call(t.app, 'GET', url, { token, ...(lang ? { lang } : {}) });
const post = (token: string, url: string, body: Record<string, string> = {}, lang?: string) =>
  call(t.app, 'POST', url, { token, body, ...(lang ? { lang } : {}) });
const fund = (userId: number, cents: bigint) =>
  t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${intentKey()}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: cents }],
    }),
  );
let cards = 0;
const addCard = (token: string) =>
  post(token, '/api/user/add_card', {
    bank_name: 'Test Bank',
    branch: 'Main St',
    holder: 'Test Holder',
    card_number: `62178800${String(process.pid % 10000).padStart(4, '0')}${String(++cards).padStart(4, '0')}`,
  });
const ageMethod = (id: number, hours: number) =>
  t.database.db.execute(
    sql`UPDATE payment_methods SET created_at = now() - make_interval(hours => ${hours}) WHERE id = ${id}`,
  );
const cash = (u: User, methodId: number, amount = '100') =>
  post(u.token, '/api/user/cash', {
    method_id: String(methodId),
    amount,
    fund_password: 'fund1234',
    key: intentKey(),
  });
async function withFundPassword(): Promise<User> {
  const u = await registerUser(t.app, t.database);
  expect((await post(u.token, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' })).key).toBe(
    'fund_password_set',
  );
  return u;
}
const allowlist = async (u: User) => (await get(u.token, '/api/user/withdraw_allowlist')).data;

describe('withdrawal allow-list mode', () => {
  it('sends withdrawals only to methods bound a day ago, and takes a day to turn off, told in the inbox', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 1_000_000n);
    const fresh = (await addCard(u.token)).data;
    // Off: with the platform's hold at 0 a new card takes a withdrawal at once.
    expect(await allowlist(u)).toMatchObject({ state: 'off', on_since: null, off_at: null, hold_hours: 24 });
    expect((await cash(u, fresh.id)).key).toBe('withdrawal_submitted');

    const on = await post(u.token, '/api/user/withdraw_allowlist', { on: '1' });
    expect(on).toMatchObject({ code: 200, key: 'allowlist_on', data: { state: 'on', off_at: null } });
    // The same card, bound minutes ago, is now held until a day after its binding, and the form shows when.
    const held = await cash(u, fresh.id);
    expect(held).toMatchObject({ code: 422, key: 'withdraw_allowlist_hold' });
    expect(held.msg).toMatch(/allow-list/i);
    const untilTs = (held as unknown as { data: { params?: { until_ts?: number } } }).data?.params?.until_ts;
    const rules = (await get(u.token, '/api/user/cash')).data;
    expect(rules.allowlist.state).toBe('on');
    const shown = rules.destinations.find((d: { id: number }) => d.id === fresh.id);
    expect(shown.hold_until).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    if (untilTs !== undefined) expect(untilTs).toBe(shown.hold_until);
    expect((await get(u.token, '/api/user/cash', 'zh')).code).toBe(200);
    const zh = await call(t.app, 'POST', '/api/user/cash', {
      token: u.token,
      lang: 'zh',
      body: { method_id: String(fresh.id), amount: '100', fund_password: 'fund1234', key: intentKey() },
    });
    expect(zh.key).toBe('withdraw_allowlist_hold');
    expect(zh.msg).not.toBe(held.msg);

    // A day later the card is on the list.
    await ageMethod(fresh.id, 25);
    expect((await cash(u, fresh.id)).key).toBe('withdrawal_submitted');

    // Turning it off: the fund password, then a day during which it still holds.
    const noPassword = await post(u.token, '/api/user/withdraw_allowlist', { on: '0' });
    expect(noPassword.key).toBe('fund_password_required');
    const wrong = await post(u.token, '/api/user/withdraw_allowlist', { on: '0', fund_password: 'wrong999' });
    expect(wrong.key).toBe('fund_password_wrong');
    expect((await allowlist(u)).state).toBe('on');
    const off = await post(u.token, '/api/user/withdraw_allowlist', { on: '0', fund_password: 'fund1234' });
    expect(off).toMatchObject({ key: 'allowlist_turning_off', data: { state: 'turning_off' } });
    expect(off.data.off_at).toBeGreaterThan(Date.now() / 1000 + 23.9 * 3600);
    const second = (await addCard(u.token)).data;
    expect((await cash(u, second.id)).key).toBe('withdraw_allowlist_hold');
    const inbox = await get(u.token, '/api/user/msg');
    const told = inbox.data.items.find((m: { kind: string }) => m.kind === 'allowlist_turning_off');
    expect(told?.body ?? told?.content ?? JSON.stringify(told)).toMatch(/allow-list/i);

    // The owner keeps it on; asking again starts a new day; once the day has run it no longer holds.
    expect((await post(u.token, '/api/user/withdraw_allowlist', { on: '1' })).data).toMatchObject({ state: 'on' });
    await post(u.token, '/api/user/withdraw_allowlist', { on: '0', fund_password: 'fund1234' });
    await t.database.db.execute(
      sql`UPDATE withdraw_allowlists SET off_requested_at = now() - interval '25 hours' WHERE user_id = ${u.user.id}`,
    );
    expect(await allowlist(u)).toMatchObject({ state: 'off', on_since: null });
    expect((await cash(u, second.id)).key).toBe('withdrawal_submitted');
  });

  it('cannot be turned off on a frozen account, and bad input changes nothing', async () => {
    const u = await withFundPassword();
    await post(u.token, '/api/user/withdraw_allowlist', { on: '1' });
    expect((await post(u.token, '/api/user/withdraw_allowlist', { on: 'maybe' })).key).toBe('invalid_request');
    await post(u.token, '/api/user/freeze');
    const refused = await post(u.token, '/api/user/withdraw_allowlist', { on: '0', fund_password: 'fund1234' });
    expect(refused.key).toBe('account_frozen');
    expect((await allowlist(u)).state).toBe('on');
  });
});

const closeCheck = async (u: User) => (await get(u.token, '/api/user/close_check')).data;
const ledgerRowsOf = async (userId: number) =>
  (
    await t.database.db
      .select({ n: count() })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.userId, userId))
  )[0]!.n;

describe('closing an account', () => {
  it('is refused while money or open business remains, naming what to do first, and changes nothing', async () => {
    const u = await withFundPassword();
    expect(await closeCheck(u)).toEqual({ can_close: true, blockers: [] });
    await fund(u.user.id, 5_000n);
    const order = await post(u.token, '/api/user/addorder', {
      symbol: 'BTC/USDT',
      seconds: '30',
      amount: '10',
      direction: 'up',
      key: intentKey(),
    });
    expect(order.code, JSON.stringify(order)).toBe(200);
    const check = await closeCheck(u);
    expect(check.can_close).toBe(false);
    expect(check.blockers).toEqual([
      { kind: 'orders', count: 1, amount: null, asset: null },
      { kind: 'cash', amount: expect.stringMatching(/^\d+\.\d\d$/), asset: null, count: null },
    ]);
    const refused = await post(u.token, '/api/user/close', { password: 'secret123' });
    expect(refused).toMatchObject({ code: 409, key: 'close_blocked_orders' });
    expect(refused.msg).toMatch(/order/i);
    const de = await post(u.token, '/api/user/close', { password: 'secret123' }, 'de');
    expect(de.key).toBe('close_blocked_orders');
    expect(de.msg).not.toBe(refused.msg);

    await market.advance(31);
    const left = await closeCheck(u);
    expect(left.blockers.map((b: { kind: string }) => b.kind)).toEqual(['cash']);
    const cashLeft = await post(u.token, '/api/user/close', { password: 'secret123' });
    expect(cashLeft.key).toBe('close_blocked_cash');
    expect(cashLeft.msg).toContain(left.blockers[0].amount);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, u.user.id));
    expect(row!.closedAt).toBeNull();
    expect((await get(u.token, '/api/user/index')).code).toBe(200);
  });

  it('names a withdrawal under review rather than its frozen money', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 20_000n);
    const card = (await addCard(u.token)).data;
    expect((await cash(u, card.id, '200')).key).toBe('withdrawal_submitted');
    expect((await closeCheck(u)).blockers).toEqual([{ kind: 'withdrawal', count: 1, amount: null, asset: null }]);
    expect((await post(u.token, '/api/user/close', { password: 'secret123' })).key).toBe('close_blocked_withdrawal');
  });

  it('closes for good: no sign-in, personal data anonymised, records and the ledger kept, operators cannot act', async () => {
    const u = await withFundPassword();
    // A life on the platform: money in and out, a card, a picture, a real name, words to support, a second device.
    await fund(u.user.id, 20_000n);
    const card = (await addCard(u.token)).data;
    const paid = await cash(u, card.id, '200');
    expect(paid.key).toBe('withdrawal_submitted');
    expect(
      (await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${paid.data.id}/approve`, { reason: 'paid' }))
        .code,
    ).toBe(200);
    await uploadProof(t.app, u.token, await pngImage(4242));
    const kyc = await post(u.token, '/api/user/certification', {
      real_name: 'Anna Schmidt',
      doc_type: 'passport',
      id_number: 'E12345678',
    });
    expect(kyc.code, JSON.stringify(kyc)).toBe(200);
    expect((await post(u.token, '/api/user/service', { body: 'My name is Anna, my card ends 1234' })).code).toBe(200);
    const other = await call(t.app, 'POST', '/api/login/index', {
      body: { account: u.account, password: 'secret123' },
      userAgent: 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile',
    });
    expect(other.code).toBe(200);
    expect(await closeCheck(u)).toEqual({ can_close: true, blockers: [] });
    const entriesBefore = await ledgerRowsOf(u.user.id);
    expect(entriesBefore).toBeGreaterThan(0);

    const wrong = await post(u.token, '/api/user/close', { password: 'not-mine-1' });
    expect(wrong).toMatchObject({ key: 'wrong_password' });
    expect((await get(u.token, '/api/user/index')).code).toBe(200);

    const closed = await post(u.token, '/api/user/close', { password: 'secret123' });
    expect(closed).toMatchObject({ code: 200, key: 'account_closed_now' });

    // No way back in: not the session, not the other device, not the name, the phone or the pseudonym.
    expect((await get(u.token, '/api/user/index')).code).toBe(401);
    expect((await get(other.data.token, '/api/user/index')).code).toBe(401);
    for (const account of [u.account, u.phone, `closed-${u.user.id}`])
      expect((await call(t.app, 'POST', '/api/login/index', { body: { account, password: 'secret123' } })).key).toBe(
        'user_not_found',
      );

    // The person is gone from the rows; the records stay under the pseudonym.
    const db = t.database.db;
    const [row] = await db.select().from(users).where(eq(users.id, u.user.id));
    expect(row).toMatchObject({
      account: `closed-${u.user.id}`,
      phone: `closed-${u.user.id}`,
      fundPasswordHash: null,
      antiPhishingCode: null,
      closedAt: expect.any(Date),
    });
    const one = async (query: ReturnType<typeof sql>) => (await db.execute(query)).rows;
    expect(
      await one(
        sql`SELECT real_name, doc_masked, length(doc_cipher) AS len FROM kyc_submissions WHERE user_id = ${u.user.id}`,
      ),
    ).toEqual([{ real_name: '', doc_masked: '', len: 0 }]);
    expect(await one(sql`SELECT id FROM uploads WHERE user_id = ${u.user.id}`)).toEqual([]);
    expect(await one(sql`SELECT DISTINCT ip, user_agent FROM login_records WHERE user_id = ${u.user.id}`)).toEqual([
      { ip: null, user_agent: null },
    ]);
    expect(
      await one(sql`SELECT DISTINCT body FROM support_messages WHERE user_id = ${u.user.id} AND author = 'user'`),
    ).toEqual([{ body: '—' }]);
    const methods = await one(
      sql`SELECT account, holder, removed_at FROM payment_methods WHERE user_id = ${u.user.id}`,
    );
    expect(methods).toHaveLength(1);
    expect(methods[0]).toMatchObject({ holder: null, removed_at: expect.anything() });
    expect(String(methods[0]!.account)).toMatch(/^\d{3}\*+\d{3}$/);
    expect(
      await one(
        sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${u.user.id} AND (revoked_at IS NULL OR ip IS NOT NULL)`,
      ),
    ).toEqual([{ n: 0 }]);
    expect(await one(sql`SELECT count(*)::int AS n FROM inbox_messages WHERE user_id = ${u.user.id}`)).toEqual([
      { n: 0 },
    ]);
    expect(await one(sql`SELECT status FROM withdrawals WHERE user_id = ${u.user.id}`)).toEqual([{ status: 1 }]);
    expect(await ledgerRowsOf(u.user.id)).toBe(entriesBefore);
    expect((await verifyLedger(db)).breaks).toEqual([]);

    // Operators see it closed by the user and cannot act on it; the phone is free for a new account.
    const seen = await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${u.user.id}`);
    expect(seen.data).toMatchObject({ account: `closed-${u.user.id}`, closed_at: expect.any(Number) });
    for (const act of ['lock', 'unlock', 'freeze', 'unfreeze'])
      expect(
        (await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/${act}`, { reason: 'trying to reopen' }))
          .key,
      ).toBe('account_closed');
    const again = await registerUser(t.app, t.database, { phone: u.phone });
    expect(again.user.id).not.toBe(u.user.id);
  });
});
