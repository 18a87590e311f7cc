import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { kycSubmissions } from '../../src/modules/kyc/kyc.table.ts';
import { loginRecords } from '../../src/modules/security/security.table.ts';
import { isPersonalAddress } from '../../src/modules/security/index.ts';
import { call, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { intentKey, operatorCall, SATURDAY_MORNING_SHANGHAI, submitDeposit } from './wallet-helpers.ts';

let t: TestApp;
let market: MarketHarness;
type User = { token: string; user: { id: number } };
type Flag = { rule: string; item_kind: string; item_id: number; user_id: number; details: Record<string, unknown> };

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
let cardSeq = 0;
const cardNumber = () => `6217${String(process.pid).padStart(6, '0')}${String(++cardSeq).padStart(6, '0')}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  // No payout hold, room for several withdrawals a day: the rules, not the limits, are under test.
  const set = await changeControl(t.admin, '/admin/wallet-settings', {
    reason: 'risk tests',
    hold_hours: 0,
    withdraw_daily_count: 20,
    withdraw_daily_amount: '200000',
  });
  expect(set.code).toBe(200);
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const post = (token: string, url: string, body: Record<string, string>) => call(t.app, 'POST', url, { token, body });
const flagsOf = async (userId: number): Promise<Flag[]> =>
  (await operatorCall(t.admin, 'fay', 'GET', `/admin/risk/flags?user_id=${userId}`)).data.items;
const rulesOf = async (userId: number) => (await flagsOf(userId)).map((f) => f.rule).sort();

async function fund(userId: number, cents: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${intentKey()}`,
      kind: 'system_gift',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount: cents }],
    }),
  );
}
async function withFundPassword(): Promise<User> {
  const u = await registerUser(t.app, t.database);
  const set = await post(u.token, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' });
  expect(set.code).toBe(200);
  return u;
}
const addCard = async (token: string, holder = 'Test Holder') =>
  (
    await post(token, '/api/user/add_card', {
      bank_name: 'Test Bank',
      branch: 'Main',
      holder,
      card_number: cardNumber(),
    })
  ).data as { id: number };
async function withdraw(u: User, methodId: number, amount = '200') {
  const answer = await post(u.token, '/api/user/cash', {
    method_id: String(methodId),
    amount,
    fund_password: 'fund1234',
    key: intentKey(),
  });
  expect(answer.key, JSON.stringify(answer)).toBe('withdrawal_submitted');
  return answer.data as { id: number };
}
/** A real name verified for the user, as the real-name review leaves it. */
async function verify(userId: number, realName: string) {
  await t.database.db.insert(kycSubmissions).values({
    userId,
    realName,
    docType: 'cn_id',
    docCipher: randomBytes(32),
    docHash: randomBytes(16).toString('hex'),
    docMasked: '1101**********1234',
    state: 'approved',
    decidedBy: 'kim',
    decidedAt: new Date(),
  });
}

describe('risk rules', () => {
  it('a quiet user (an old card, no recharge, one withdrawal) raises no flag', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    const card = await addCard(u.token);
    // An old card: bound long before, as if a day ago.
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE id = ${card.id}` as never,
    );
    await withdraw(u, card.id);
    expect(await rulesOf(u.user.id)).toEqual([]);
  });

  it('deposit velocity: the threshold change is held for a second operator, then many recharges are flagged', async () => {
    const proposed = await operatorCall(t.admin, 'alice', 'POST', '/admin/risk/rules/deposit_velocity', {
      threshold: '2',
      window_seconds: 3600,
      enabled: true,
      reason: 'structuring seen this week',
    });
    expect(proposed.key).toBe('change_proposed');
    const rules = async () => (await operatorCall(t.admin, 'fay', 'GET', '/admin/risk/rules')).data.items;
    const velocity = async () => (await rules()).find((r: { rule: string }) => r.rule === 'deposit_velocity');
    // Nothing changed yet; the maker cannot approve their own.
    expect((await velocity()).threshold).toBe('5');
    expect(
      (
        await operatorCall(t.admin, 'alice', 'POST', `/admin/held-changes/${proposed.data.id}/approve`, {
          reason: 'me again',
        })
      ).key,
    ).toBe('second_operator_required');
    const approved = await operatorCall(t.admin, 'bob', 'POST', `/admin/held-changes/${proposed.data.id}/approve`, {
      reason: 'agreed with compliance',
    });
    expect(approved.data.status).toBe('applied');
    expect((await velocity()).threshold).toBe('2');

    const first = await submitDeposit(t, '100');
    const userId = first.user.user.id;
    expect(await rulesOf(userId)).toEqual([]);
    const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: first.user.token })).data.channels;
    const { uploadProof, pngImage } = await import('./wallet-helpers.ts');
    const second = await post(first.user.token, '/api/user/dorecharge', {
      channel_id: String(channels[0].id),
      amount: '100',
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: await uploadProof(t.app, first.user.token, await pngImage(4242)),
      key: intentKey(),
    });
    expect(second.key).toBe('recharge_submitted');
    const flags = await flagsOf(userId);
    expect(flags).toMatchObject([
      { rule: 'deposit_velocity', item_kind: 'deposit', item_id: second.data.id, details: { count: 2 } },
    ]);
    expect((await velocity()).hits).toBeGreaterThanOrEqual(1);
  });

  it('withdrawal velocity', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 500_000n);
    const card = await addCard(u.token);
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE id = ${card.id}` as never,
    );
    await withdraw(u, card.id);
    await withdraw(u, card.id);
    expect(await rulesOf(u.user.id)).toEqual([]);
    const third = await withdraw(u, card.id);
    expect(await flagsOf(u.user.id)).toMatchObject([
      { rule: 'withdrawal_velocity', item_kind: 'withdrawal', item_id: third.id, details: { count: 3 } },
    ]);

    // A queue's page asks for its rows' flags at once: only the flagged row answers, and only for its kind.
    const rows = [third.id - 2, third.id - 1, third.id].join(',');
    const page = await operatorCall(t.admin, 'fay', 'GET', `/admin/risk/flags?item_kind=withdrawal&item_ids=${rows}`);
    expect(page.data.items.map((f: Flag) => [f.item_id, f.rule])).toEqual([[third.id, 'withdrawal_velocity']]);
    const deposits = await operatorCall(t.admin, 'fay', 'GET', `/admin/risk/flags?item_kind=deposit&item_ids=${rows}`);
    // (deposits of earlier tests may have these ids: their flags are theirs)
    expect(deposits.data.items.every((f: Flag) => f.item_kind === 'deposit')).toBe(true);
    // Ids without their kind, or not a list of ids, are refused.
    for (const query of [`item_ids=${third.id}`, 'item_kind=withdrawal&item_ids=1,x', 'item_kind=order&item_ids=1'])
      expect((await operatorCall(t.admin, 'fay', 'GET', `/admin/risk/flags?${query}`)).code).toBe(400);
  });

  it('a deposit credited, then a withdrawal with no order in between', async () => {
    const deposit = await submitDeposit(t, '300');
    const u = deposit.user;
    await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${deposit.id}/approve`, { reason: 'matched' });
    await post(u.token, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' });
    const card = await addCard(u.token);
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE id = ${card.id}` as never,
    );
    const w = await withdraw(u, card.id);
    expect(await flagsOf(u.user.id)).toMatchObject([
      { rule: 'withdraw_without_trading', item_kind: 'withdrawal', item_id: w.id, details: { orders: 0 } },
    ]);
  });

  it("a card holder's name that is not the verified real name", async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    await verify(u.user.id, '王小明');
    const own = await addCard(u.token, '王 小明');
    const other = await addCard(u.token, '李四');
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE user_id = ${u.user.id}` as never,
    );
    await withdraw(u, own.id);
    expect(await rulesOf(u.user.id)).toEqual([]);
    const w = await withdraw(u, other.id);
    expect(await flagsOf(u.user.id)).toMatchObject([
      { rule: 'holder_name_mismatch', item_id: w.id, details: { holder: '李四', real_name: '王小明' } },
    ]);
  });

  it('one payout address bound by several accounts', async () => {
    const a = await withFundPassword();
    const b = await withFundPassword();
    await fund(b.user.id, 100_000n);
    const bind = (u: User) =>
      post(u.token, '/api/user/add_wallet_addr', { currency: 'USDT', network: 'TRC20', address: TRON });
    expect((await bind(a)).code).toBe(200);
    const mine = (await bind(b)).data as { id: number };
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE id = ${mine.id}` as never,
    );
    const w = await withdraw(b, mine.id);
    expect(await flagsOf(b.user.id)).toMatchObject([
      {
        rule: 'shared_payout_method',
        item_id: w.id,
        details: { other_accounts: 1, other_user_ids: String(a.user.id) },
      },
    ]);
  });

  it('a payout method bound just before a large withdrawal', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 2_000_000n);
    const card = await addCard(u.token);
    await withdraw(u, card.id, '4999');
    expect(await rulesOf(u.user.id)).toEqual([]);
    const w = await withdraw(u, card.id, '6000');
    expect(await flagsOf(u.user.id)).toMatchObject([
      { rule: 'new_payout_method', item_id: w.id, details: { amount: '6000.00' } },
    ]);
  });

  it('one personal address signed in from by several accounts; an address a crowd shares (private, carrier NAT) is not', async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 500_000n);
    const card = await addCard(u.token);
    await t.database.db.execute(
      `UPDATE payment_methods SET created_at = now() - interval '3 days' WHERE id = ${card.id}` as never,
    );
    const others = await Promise.all([1, 2, 3].map(() => registerUser(t.app, t.database)));
    const signIn = (userId: number, ip: string, daysAgo = 0) =>
      t.database.db.insert(loginRecords).values({
        userId,
        kind: 'login',
        ip,
        userAgent: 'test',
        createdAt: new Date(Date.now() - daysAgo * 86_400_000),
      });
    // Everyone behind one mobile operator's NAT and one office network: no flag.
    for (const x of [u, ...others]) {
      await signIn(x.user.id, '100.64.12.7');
      await signIn(x.user.id, '192.168.1.20');
    }
    // Two others from the user's own public address this week, a third one only ten days ago: below three.
    await signIn(u.user.id, '203.0.113.45');
    await signIn(others[0]!.user.id, '203.0.113.45');
    await signIn(others[1]!.user.id, '203.0.113.45');
    await signIn(others[2]!.user.id, '203.0.113.45', 10);
    await withdraw(u, card.id);
    expect(await rulesOf(u.user.id)).toEqual([]);

    // The third signs in again from there: three other accounts within the week.
    await signIn(others[2]!.user.id, '203.0.113.45', 1);
    const w = await withdraw(u, card.id);
    expect(await flagsOf(u.user.id)).toMatchObject([
      { rule: 'shared_address', item_id: w.id, details: { other_accounts: 3, addresses: '203.0.113.45' } },
    ]);
  });
});

describe('which addresses point at one person', () => {
  it('public v4 and v6 do; private, loopback, link-local, carrier NAT and junk do not', () => {
    for (const ip of ['203.0.113.45', '8.8.8.8', '2001:db8::1', '::ffff:203.0.113.9'])
      expect([ip, isPersonalAddress(ip)]).toEqual([ip, true]);
    for (const ip of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.1',
      '192.168.0.1',
      '127.0.0.1',
      '169.254.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '::1',
      'fd12::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      'not an address',
      '',
    ])
      expect([ip, isPersonalAddress(ip)]).toEqual([ip, false]);
    expect(isPersonalAddress('172.32.0.1')).toBe(true);
  });
});
