import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { call, operatorHeaders, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { intentKey, operatorCall, pngImage, SATURDAY_MORNING_SHANGHAI, uploadProof } from './wallet-helpers.ts';

let t: TestApp;
let market: MarketHarness;
type User = { token: string; user: { id: number } };

const TRON = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const ETH = '0x52908400098527886E0F7030069857D2E4169EE7';
const TAPROOT = 'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297';
let cardSeq = 0;
const cardNumber = () => `6222${String(process.pid).padStart(6, '0')}${String(++cardSeq).padStart(6, '0')}`;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const get = (token: string, url: string, lang?: string) =>
  call(t.app, 'GET', url, { token, ...(lang ? { lang } : {}) });
const post = (token: string, url: string, body: Record<string, string>, lang?: string) =>
  call(t.app, 'POST', url, { token, body, ...(lang ? { lang } : {}) });
const balances = async (token: string) =>
  (await get(token, '/api/user/index')).data.balances as { available: string; frozen: string };
// Settings that weaken a control take a second operator (alice proposes, bob approves).
const settings = (change: Record<string, string | number>) =>
  changeControl(t.admin, '/admin/wallet-settings', { reason: 'test settings', ...change });
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
const addCard = (token: string, number = cardNumber()) =>
  post(token, '/api/user/add_card', {
    bank_name: 'Test Bank',
    branch: 'Main St',
    holder: 'Test Holder',
    card_number: number,
  });

describe('payment methods', () => {
  it('binds a bank card, shows it masked 3+3, and refuses a duplicate number for anyone', async () => {
    const a = await registerUser(t.app, t.database);
    const b = await registerUser(t.app, t.database);
    const number = cardNumber();
    const added = await addCard(a.token, number);
    expect(added).toMatchObject({ code: 200, key: 'added' });
    expect(added.data.masked).toBe(`${number.slice(0, 3)}${'*'.repeat(8)}${number.slice(-3)}`);
    expect(JSON.stringify(added.data)).not.toContain(number);
    expect(added.data.locked).toBe(true);
    const list = await get(a.token, '/api/user/bank_card');
    expect(list.data.items).toHaveLength(1);
    expect((await addCard(a.token, number)).key).toBe('bank_card_exists');
    const dup = await addCard(b.token, number.replace(/(\d{4})/, '$1 '));
    expect(dup).toMatchObject({ code: 409, key: 'bank_card_exists', msg: 'This bank card number already exists' });
    expect((await addCard(a.token, '12ab')).key).toBe('card_number_invalid');
    expect((await post(a.token, '/api/user/add_card', {})).key).toBe('please_fill_in');
    expect(
      (
        await post(a.token, '/api/user/add_card', {
          bank_name: '',
          branch: 'x',
          holder: 'y',
          card_number: cardNumber(),
        })
      ).key,
    ).toBe('please_fill_in');
  });

  it('validates wallet addresses per network and explains a mismatch', async () => {
    const u = await registerUser(t.app, t.database);
    const options = await get(u.token, '/api/user/wallet');
    expect(options.data.currencies.find((c: { currency: string }) => c.currency === 'USDT').networks).toEqual([
      'TRC20',
      'ERC20',
      'BEP20',
    ]);
    const ok = await post(u.token, '/api/user/add_wallet_addr', { currency: 'USDT', network: 'TRC20', address: TRON });
    expect(ok).toMatchObject({ code: 200, key: 'added' });
    expect(ok.data.title).toBe('USDT · TRC20');
    expect(
      (await post(u.token, '/api/user/add_wallet_addr', { currency: 'BTC', network: 'BTC', address: TAPROOT })).code,
    ).toBe(200);
    const mismatch = await post(u.token, '/api/user/add_wallet_addr', {
      currency: 'USDT',
      network: 'TRC20',
      address: ETH,
    });
    expect(mismatch).toMatchObject({
      key: 'wallet_network_mismatch',
      data: { field: 'address', params: { detected: 'ERC20 / BEP20', network: 'TRC20' } },
    });
    expect(mismatch.msg).toContain('ERC20 / BEP20');
    // An unknown chain name never lets an ETH address through.
    for (const network of ['TRON', 'tron-mainnet', 'ETH', 'unknown']) {
      const answer = await post(u.token, '/api/user/add_wallet_addr', { currency: 'USDT', network, address: ETH });
      expect(answer.code).not.toBe(200);
    }
    expect(
      (await post(u.token, '/api/user/add_wallet_addr', { currency: 'USDT', network: 'BTC', address: TAPROOT })).key,
    ).toBe('wallet_network_mismatch');
    expect(
      (
        await post(u.token, '/api/user/add_wallet_addr', {
          currency: 'USDT',
          network: 'ERC20',
          address: ETH.replace('E7', 'e7'),
        })
      ).key,
    ).toBe('wallet_address_invalid');
    expect(
      (await post(u.token, '/api/user/add_wallet_addr', { currency: 'USDT', network: 'TRC20', address: TRON })).key,
    ).toBe('wallet_address_exists');
    expect((await get(u.token, '/api/user/user_wallet')).data.items).toHaveLength(2);
  });

  it('adds Alipay and WeChat once; a second submission is locked (customer service); removal works', async () => {
    const u = await registerUser(t.app, t.database);
    const other = await registerUser(t.app, t.database);
    const ali = await post(u.token, '/api/user/add_payment', {
      kind: 'alipay',
      holder: 'Zhang San',
      account: 'zhang@example.com',
    });
    expect(ali).toMatchObject({ code: 200, key: 'added' });
    expect(ali.data.masked).toBe('zha***********com'.replace(/\*+/, '*'.repeat(8)));
    const again = await post(u.token, '/api/user/add_payment', {
      kind: 'alipay',
      holder: 'Zhang San',
      account: 'other@example.com',
    });
    expect(again).toMatchObject({
      code: 409,
      key: 'method_locked',
      msg: 'Submitted details can only be changed through customer service',
    });
    expect(
      (await post(u.token, '/api/user/add_payment', { kind: 'wechat', holder: 'Zhang San', account: 'zhangsan' })).code,
    ).toBe(200);
    expect((await get(u.token, '/api/user/payment')).data.items).toHaveLength(2);
    expect((await post(other.token, '/api/user/del_payment', { id: String(ali.data.id) })).key).toBe('no_data');
    expect((await post(u.token, '/api/user/del_payment', { id: String(ali.data.id) })).key).toBe('deleted');
    expect((await get(u.token, '/api/user/payment')).data.items).toHaveLength(1);
  });
});

async function submitRecharge(u: User, amount: string, channelIndex = 0, image?: Buffer, note = '') {
  const channels = (await get(u.token, '/api/user/recharge')).data.channels;
  const uploadId = await uploadProof(t.app, u.token, image ?? (await pngImage(Math.floor(Math.random() * 1000))));
  return post(u.token, '/api/user/dorecharge', {
    channel_id: String(channels[channelIndex].id),
    amount,
    payer_name: 'Payer',
    transfer_note: note,
    upload_id: uploadId,
    key: intentKey(),
  });
}

describe('recharge', () => {
  it('lists the channels with their rules and bonus', async () => {
    const u = await registerUser(t.app, t.database);
    const info = await get(u.token, '/api/user/recharge');
    expect(info.data.upload_max_mb).toBe(5);
    const kinds = info.data.channels.map((c: { kind: string }) => c.kind);
    expect(kinds).toEqual(['bank', 'crypto', 'alipay', 'wechat']);
    expect(info.data.channels[1]).toMatchObject({
      currency: 'USDT',
      network: 'TRC20',
      bonus_pct: '1.00',
      min: '10.00',
    });
  });

  it('records a submission under review with a reference code; refuses what breaks the rules', async () => {
    const u = await registerUser(t.app, t.database);
    const answer = await submitRecharge(u, '200');
    expect(answer).toMatchObject({
      code: 200,
      key: 'recharge_submitted',
      data: { status: 3, class: 0, amount: '200.00', has_screenshot: true },
    });
    expect(answer.data.reference_code).toMatch(/^[A-Z2-9]{8}$/);
    expect(answer.data.timeline.map((s: { step: string }) => s.step)).toEqual(['submitted']);
    const low = await submitRecharge(u, '1');
    expect(low).toMatchObject({ key: 'recharge_amount_limit', data: { params: { min: '100.00', max: '50000.00' } } });
    expect(
      (
        await post(u.token, '/api/user/dorecharge', {
          channel_id: '99999',
          amount: '200',
          payer_name: 'P',
          upload_id: 'x'.repeat(22),
          key: intentKey(),
        })
      ).key,
    ).toBe('channel_unavailable');
    const channels = (await get(u.token, '/api/user/recharge')).data.channels;
    expect(
      (
        await post(u.token, '/api/user/dorecharge', {
          channel_id: String(channels[0].id),
          amount: '200',
          payer_name: 'P',
          key: intentKey(),
        })
      ).key,
    ).toBe('upload_required');
    const list = await get(u.token, '/api/user/recharge_record');
    expect(list.data.total).toBe(1);
    expect((await balances(u.token)).available).toBe('0.00');
  });

  it('approve credits through one journal, exactly once; a second approval is refused', async () => {
    const u = await registerUser(t.app, t.database);
    const submitted = (await submitRecharge(u, '300')).data;
    const [first, second] = await Promise.all([
      operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${submitted.id}/approve`, {
        reason: 'bank record matched',
      }),
      operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${submitted.id}/approve`, {
        reason: 'bank record matched',
      }),
    ]);
    expect([first.key, second.key].sort()).toEqual(['operation_succeeded', 'review_already_decided']);
    const third = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${submitted.id}/approve`, {
      reason: 'again',
    });
    expect(third.key).toBe('review_already_decided');
    expect((await balances(u.token)).available).toBe('300.00');
    const journals = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_journals where reference like ${`deposit:${submitted.id}:%`}`,
    );
    expect(journals.rows[0]!.n).toBe(1);
    const record = (await get(u.token, `/api/user/recharge_record?id=${submitted.id}`)).data.items[0];
    expect(record.status).toBe(1);
    expect(record.timeline.map((s: { step: string; by: string | null }) => [s.step, s.by])).toEqual([
      ['submitted', null],
      ['credited', 'fay'],
    ]);
    const auditRows = await operatorCall(t.admin, 'alice', 'GET', '/admin/audit?size=50');
    expect(
      auditRows.data.items.some(
        (a: { action: string; target: string }) =>
          a.action === 'deposit.approve' && a.target === `deposit:${submitted.id}`,
      ),
    ).toBe(true);
  });

  it('refuse keeps the balance and shows the reason; a recharge bonus comes as a class-3 record', async () => {
    const u = await registerUser(t.app, t.database);
    const refused = (await submitRecharge(u, '150')).data;
    const answer = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${refused.id}/refuse`, {
      reason: 'No matching transfer found',
    });
    expect(answer.data).toMatchObject({ status: 2, reason: 'No matching transfer found' });
    expect((await balances(u.token)).available).toBe('0.00');
    const crypto = (await submitRecharge(u, '1000', 1)).data;
    await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${crypto.id}/approve`, { reason: 'chain tx seen' });
    expect((await balances(u.token)).available).toBe('1010.00');
    const list = (await get(u.token, '/api/user/recharge_record')).data.items;
    expect(list.find((r: { class: number }) => r.class === 3)).toMatchObject({ amount: '10.00', status: 1 });
    // My orders names the bonus as a bonus, not as a second deposit of the user's own.
    const mine = (await get(u.token, '/api/user/myorders?kind=deposit')).data.items;
    expect(mine.map((i: { action: string; amount: string }) => [i.action, i.amount])).toEqual([
      ['recharge_bonus', '10.00'],
      ['recharge', '1000.00'],
      ['recharge', '150.00'],
    ]);
  });

  it('asks a payer name of a bank transfer, not of a crypto transfer', async () => {
    const u = await registerUser(t.app, t.database);
    const channels = (await get(u.token, '/api/user/recharge')).data.channels;
    const send = async (index: number) =>
      post(u.token, '/api/user/dorecharge', {
        channel_id: String(channels[index].id),
        amount: '200',
        payer_name: '',
        transfer_note: '',
        upload_id: await uploadProof(t.app, u.token, await pngImage(Math.floor(Math.random() * 1000))),
        key: intentKey(),
      });
    expect(channels[0].kind).toBe('bank');
    expect(channels[1].kind).toBe('crypto');
    const bank = await send(0);
    expect([bank.key, bank.data?.field]).toEqual(['please_fill_in', 'payer_name']);
    const crypto = await send(1);
    expect(crypto.code).toBe(200);
    expect(crypto.data.payer_name).toBeNull();
  });

  it("four eyes: above the threshold the first approval is held, a different operator's approval credits it", async () => {
    const u = await registerUser(t.app, t.database);
    await settings({ four_eyes_above: '1000' });
    const big = (await submitRecharge(u, '2000')).data;
    const approve = (operator: 'fay' | 'finn', id: number, reason = 'matched') =>
      operatorCall(t.admin, operator, 'POST', `/admin/deposits/${id}/approve`, { reason });
    const first = await approve('fay', big.id);
    expect(first.key).toBe('operation_succeeded');
    expect(first.data.status).toBe(3);
    expect((await balances(u.token)).available).toBe('0.00');
    const pending = await operatorCall(t.admin, 'fay', 'GET', '/admin/deposits?status=3&size=200');
    expect(pending.data.items.find((d: { id: number }) => d.id === big.id)).toMatchObject({
      first_approved_by: 'fay',
      reviewed_by: null,
    });
    expect((await approve('fay', big.id, 'me again')).key).toBe('second_operator_required');
    // One token is one operator: naming someone else changes nothing.
    const renamed = await t.admin.inject({
      method: 'POST',
      url: `/admin/deposits/${big.id}/approve`,
      headers: { ...operatorHeaders('fay'), 'x-operator': 'second-op' },
      payload: { reason: 'a second name' },
    });
    expect(renamed.json().key).toBe('second_operator_required');
    expect((await balances(u.token)).available).toBe('0.00');
    const second = await approve('finn', big.id, 'checked bank statement');
    expect(second.data.status).toBe(1);
    expect(second.data.timeline.map((s: { step: string; by: string | null }) => [s.step, s.by])).toEqual([
      ['submitted', null],
      ['reviewed', 'fay'],
      ['credited', 'finn'],
    ]);
    expect((await balances(u.token)).available).toBe('2000.00');
    expect((await approve('fay', big.id, 'late')).key).toBe('review_already_decided');
    const journals = await t.database.db.execute(
      sql`select count(*)::int as n from ledger_journals where reference like ${`deposit:${big.id}:%`}`,
    );
    expect(journals.rows[0]!.n).toBe(1);
    const audit = await operatorCall(t.admin, 'alice', 'GET', '/admin/audit?size=50');
    expect(
      audit.data.items
        .filter((a: { target: string }) => a.target === `deposit:${big.id}`)
        .map((a: { action: string; operator: string }) => [a.action, a.operator])
        .sort(),
    ).toEqual([
      ['deposit.approve', 'finn'],
      ['deposit.approve_first', 'fay'],
    ]);
    // A held one can still be refused: nothing was credited, so nothing moves.
    const held = (await submitRecharge(u, '1500')).data;
    await approve('fay', held.id);
    const refused = await operatorCall(t.admin, 'finn', 'POST', `/admin/deposits/${held.id}/refuse`, {
      reason: 'bank reversed it',
    });
    expect(refused.data.status).toBe(2);
    expect((await balances(u.token)).available).toBe('2000.00');
    await settings({ four_eyes_above: '10000' });
  });

  it('four eyes on a legacy record credited at once (4): a different operator audits it (1) or reverses it (2)', async () => {
    const u = await registerUser(t.app, t.database);
    // Before approvals were held, one approval above the threshold credited at once and left status 4 (made
    // here by approving one and setting that status).
    const legacy = async (amount: string) => {
      const d = (await submitRecharge(u, amount)).data;
      const approved = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${d.id}/approve`, {
        reason: 'matched',
      });
      expect(approved.data.status).toBe(1);
      await t.database.db.execute(sql`update deposits set status = 4 where id = ${d.id}`);
      return d;
    };
    const big = await legacy('2000');
    expect((await balances(u.token)).available).toBe('2000.00');
    const pending = await operatorCall(t.admin, 'fay', 'GET', '/admin/deposits?status=4');
    expect(pending.data.items.map((d: { id: number }) => d.id)).toContain(big.id);
    const self = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${big.id}/audit`, { reason: 'me again' });
    expect(self.key).toBe('second_operator_required');
    const audited = await operatorCall(t.admin, 'finn', 'POST', `/admin/deposits/${big.id}/audit`, {
      reason: 'checked bank statement',
    });
    expect(audited.data.status).toBe(1);
    expect(audited.data.timeline.map((s: { step: string }) => s.step)).toEqual(['submitted', 'credited', 'audited']);
    // A second operator can also reject a credited one: the credit is reversed.
    const other = await legacy('1500');
    expect((await balances(u.token)).available).toBe('3500.00');
    const reversed = await operatorCall(t.admin, 'finn', 'POST', `/admin/deposits/${other.id}/refuse`, {
      reason: 'bank reversed it',
    });
    expect(reversed.data.status).toBe(2);
    expect((await balances(u.token)).available).toBe('2000.00');
  });

  it('flags a screenshot or transfer note used before', async () => {
    const u = await registerUser(t.app, t.database);
    const image = await pngImage(777);
    const a = (await submitRecharge(u, '200', 0, image, 'REF-1')).data;
    const b = (await submitRecharge(u, '200', 0, image, 'ref-1 ')).data;
    const list = await operatorCall(t.admin, 'fay', 'GET', '/admin/deposits?status=3&size=200');
    const flagged = list.data.items.find((d: { id: number }) => d.id === b.id);
    expect(flagged.flags.same_image_as).toContain(a.id);
    expect(flagged.flags.same_transfer_note_as).toContain(a.id);
  });
});

describe('withdraw', () => {
  const cash = (u: User, body: Record<string, string>, lang?: string) =>
    post(u.token, '/api/user/cash', { amount: '200', fund_password: 'fund1234', key: intentKey(), ...body }, lang);

  it("answers with the rules, today's usage and the destinations", async () => {
    const u = await withFundPassword();
    await addCard(u.token);
    const info = (await get(u.token, '/api/user/cash')).data;
    expect(info).toMatchObject({
      min: '100.00',
      max: '49999.00',
      daily_count: 3,
      used_count: 0,
      remaining_count: 3,
      has_fund_password: true,
      fee_pct: '1.00',
      fee_min: '1.00',
    });
    expect(info.window).toEqual({
      from: '09:00',
      to: '21:00',
      time_zone: 'Asia/Shanghai',
      open: true,
      opens_at: null,
    });
    expect(info.destinations).toHaveLength(1);
    expect(info.destinations[0].hold_until).toBeGreaterThan(Date.now() / 1000);
  });

  it("refuses in the spec's words: no card, no Alipay, amount, time, hold, fund password", async () => {
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    expect(await cash(u, {})).toMatchObject({
      code: 422,
      key: 'bind_bank_card_first',
      msg: 'Please bind a withdrawal bank card first',
    });
    expect(await cash(u, { kind: 'alipay' })).toMatchObject({
      key: 'set_alipay_first',
      msg: 'Please set up Alipay first',
    });
    expect((await cash(u, { kind: 'wechat' })).key).toBe('set_wechat_first');
    expect((await cash(u, { kind: 'crypto' })).key).toBe('bind_wallet_first');
    const card = (await addCard(u.token)).data;
    const low = await cash(u, { method_id: String(card.id), amount: '99.99' });
    expect(low).toMatchObject({
      key: 'withdraw_amount_limit',
      msg: 'The withdrawal amount must be between 100.00 and 49,999.00 U',
    });
    expect((await cash(u, { method_id: String(card.id), amount: '50000' })).key).toBe('withdraw_amount_limit');
    const night = market.clock.t;
    market.clock.t = Math.floor(Date.parse('2026-11-21T13:30:00Z') / 1000); // 21:30 in Shanghai
    expect(await cash(u, { method_id: String(card.id) })).toMatchObject({
      key: 'withdraw_time_limit',
      msg: 'Withdrawals are possible from 09:00 to 21:00',
      // The moment it opens, for the app to say in the reader's zone and format (09:00 the next morning).
      data: { params: { opens_at: Math.floor(Date.parse('2026-11-22T01:00:00Z') / 1000) } },
    });
    expect((await get(u.token, '/api/user/cash')).data.window).toMatchObject({
      open: false,
      opens_at: Math.floor(Date.parse('2026-11-22T01:00:00Z') / 1000),
    });
    market.clock.t = night;
    const held = await cash(u, { method_id: String(card.id) });
    expect(held.key).toBe('withdraw_on_hold');
    expect(held.msg).toMatch(/until \d{4}-\d\d-\d\d \d\d:\d\d \(Asia\/Shanghai\)/);
    await settings({ hold_hours: 0 });
    expect(await cash(u, { method_id: String(card.id), fund_password: 'wrong123' })).toMatchObject({
      key: 'fund_password_wrong',
    });
    expect(
      (await post(u.token, '/api/user/cash', { method_id: String(card.id), amount: '200', key: intentKey() })).key,
    ).toBe('fund_password_required');
    const noFund = await registerUser(t.app, t.database);
    const c2 = (await addCard(noFund.token)).data;
    expect((await cash(noFund, { method_id: String(c2.id) })).key).toBe('fund_password_required');
    expect((await balances(u.token)).available).toBe('1000.00');
    const th = await cash(u, { method_id: String(card.id), amount: '1' }, 'th');
    expect(th.msg).toBe('จำนวนเงินที่ถอนต้องอยู่ระหว่าง 100.00 ถึง 49,999.00 U');
    // The reader's separators; the machine-readable parameters stay plain decimals.
    const de = await cash(u, { method_id: String(card.id), amount: '1' }, 'de');
    expect(de.msg).toBe('Der Auszahlungsbetrag muss zwischen 100,00 und 49.999,00 U liegen');
    expect(de.data.params).toEqual({ min: '100.00', max: '49999.00' });
    await settings({ hold_hours: 24 });
  });

  it('holds withdrawals after a fund password change, saying when the hold lifts', async () => {
    await settings({ hold_hours: 24 });
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    const card = (await addCard(u.token)).data;
    await t.database.db.execute(
      sql`update payment_methods set created_at = now() - interval '2 days' where id = ${card.id}`,
    );
    await get(u.token, '/api/user/cash'); // the wallet notes the current fund password
    await post(u.token, '/api/user/pwd_pay', {
      old_password: 'fund1234',
      password: 'fund5678',
      password_confirm: 'fund5678',
    });
    const info = (await get(u.token, '/api/user/cash')).data;
    expect(info.hold_until).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
    // The rules carry the hold's length too, for the screens that start one to say so before the change.
    expect(info.hold_hours).toBe(24);
    expect((await cash(u, { method_id: String(card.id), fund_password: 'fund5678' })).key).toBe('withdraw_on_hold');
  });

  it('holds withdrawals after a login password change made in the same second as the registration', async () => {
    await settings({ hold_hours: 24 });
    const u = await registerUser(t.app, t.database);
    expect((await get(u.token, '/api/user/cash')).data.hold_until).toBeNull();
    // A script can register and change the password within the second: the hold still starts.
    await t.database.db.execute(
      sql`update users set created_at = now() - interval '500 milliseconds', password_changed_at = now() - interval '500 milliseconds' where id = ${u.user.id}`,
    );
    const changed = await post(u.token, '/api/user/pwd_login', {
      old_password: 'secret123',
      password: 'secret456',
      password_confirm: 'secret456',
    });
    expect(changed.code).toBe(200);
    expect((await get(u.token, '/api/user/cash')).data.hold_until).toBeGreaterThan(Date.now() / 1000 + 23 * 3600);
  });

  it('throttles fund password guesses like login', async () => {
    await settings({ hold_hours: 0 });
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    const card = (await addCard(u.token)).data;
    for (let i = 0; i < 5; i++)
      expect((await cash(u, { method_id: String(card.id), fund_password: 'nope1234' })).key).toBe(
        'fund_password_wrong',
      );
    const blocked = await cash(u, { method_id: String(card.id) });
    expect(blocked).toMatchObject({ code: 429, key: 'too_many_attempts' });
    // Login from the same address is not blocked by fund-password failures.
    const info = await get(u.token, '/api/user/index');
    expect(info.code).toBe(200);
  });

  it('freezes on submit, pays on approve, returns everything on refuse; counts per day; method in use', async () => {
    await settings({ hold_hours: 0, withdraw_daily_count: 3, withdraw_daily_amount: '100000' });
    const u = await withFundPassword();
    await fund(u.user.id, 200_000n);
    const card = (await addCard(u.token)).data;
    const first = await cash(u, { method_id: String(card.id), amount: '300' });
    expect(first).toMatchObject({
      code: 200,
      key: 'withdrawal_submitted',
      data: { status: 3, amount: '300.00', fee: '3.00', received: '297.00', kind: 'bank' },
    });
    expect(first.data.destination).toContain('Test Bank');
    expect(await balances(u.token)).toMatchObject({ available: '1700.00', frozen: '300.00' });
    expect((await post(u.token, '/api/user/del_payment', { id: String(card.id) })).key).toBe('method_in_use');
    expect((await get(u.token, '/api/user/payment')).data.items[0].in_use).toBe(true);

    const paid = await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${first.data.id}/approve`, {
      reason: 'paid by bank transfer',
    });
    expect(paid.data.record.status).toBe(1);
    expect(await balances(u.token)).toMatchObject({ available: '1700.00', frozen: '0.00' });
    expect(
      (await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${first.data.id}/refuse`, { reason: 'late' }))
        .key,
    ).toBe('review_already_decided');

    const second = await cash(u, { method_id: String(card.id), amount: '500' });
    const refused = await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${second.data.id}/refuse`, {
      reason: 'Card holder name differs',
    });
    expect(refused.data).toMatchObject({ status: 2, reason: 'Card holder name differs' });
    expect(await balances(u.token)).toMatchObject({ available: '1700.00', frozen: '0.00' });
    const record = (await get(u.token, `/api/user/cash_record?id=${second.data.id}`)).data.items[0];
    expect(record.timeline.map((s: { step: string }) => s.step)).toEqual(['submitted', 'refused', 'refunded']);
    expect(record.reason).toBe('Card holder name differs');

    // Refused ones do not count: one success so far, so two more are allowed today.
    expect((await cash(u, { method_id: String(card.id), amount: '100' })).code).toBe(200);
    expect((await cash(u, { method_id: String(card.id), amount: '100' })).code).toBe(200);
    const info = (await get(u.token, '/api/user/cash')).data;
    expect(info).toMatchObject({ used_count: 3, remaining_count: 0 });
    expect(await cash(u, { method_id: String(card.id), amount: '100' })).toMatchObject({
      key: 'withdraw_times_limit',
      msg: "You have reached today's number of withdrawals",
    });
  });

  it('replays an idempotent retry instead of withdrawing twice', async () => {
    await settings({ hold_hours: 0, withdraw_daily_count: 10 });
    const u = await withFundPassword();
    await fund(u.user.id, 100_000n);
    const card = (await addCard(u.token)).data;
    const key = intentKey();
    const a = await cash(u, { method_id: String(card.id), amount: '100', key });
    const b = await cash(u, { method_id: String(card.id), amount: '100', key });
    expect(b.data.id).toBe(a.data.id);
    expect((await balances(u.token)).frozen).toBe('100.00');
    expect((await cash(u, { method_id: String(card.id), amount: '200', key })).key).toBe('idempotency_conflict');
  });

  it('four eyes on large withdrawals: a second, different operator completes it', async () => {
    await settings({ hold_hours: 0, four_eyes_above: '1000', withdraw_daily_count: 10 });
    const u = await withFundPassword();
    await fund(u.user.id, 500_000n);
    const card = (await addCard(u.token)).data;
    const w = (await cash(u, { method_id: String(card.id), amount: '2000' })).data;
    const one = await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${w.id}/approve`, { reason: 'paid' });
    expect(one.data).toMatchObject({ waiting_for_second: true, record: { status: 3 } });
    expect(
      (await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${w.id}/approve`, { reason: 'again' })).key,
    ).toBe('second_operator_required');
    // One token is one operator: naming someone else changes nothing.
    const renamed = await t.admin.inject({
      method: 'POST',
      url: `/admin/withdrawals/${w.id}/approve`,
      headers: { ...operatorHeaders('fay'), 'x-operator': 'second-op' },
      payload: { reason: 'a second name' },
    });
    expect(renamed.json().key).toBe('second_operator_required');
    const two = await operatorCall(t.admin, 'finn', 'POST', `/admin/withdrawals/${w.id}/approve`, {
      reason: 'confirmed',
    });
    expect(two.data.record.status).toBe(1);
    expect(two.data.record.timeline.map((s: { step: string }) => s.step)).toEqual(['submitted', 'reviewed', 'paid']);
    await settings({ four_eyes_above: '10000' });
  });
});

describe('exchange and assets', () => {
  it('quotes at the recorded price, holds it, executes both ways at that price, and refuses an expired one', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 1_000_000n);
    const quote = await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '1000' });
    expect(quote.code).toBe(200);
    expect(quote.data).toMatchObject({
      direction: 'buy',
      coin: 'BTC',
      cash_amount: '1000.00',
      fee: '2.00',
      fee_pct: '0.20',
      valid_seconds: 15,
      simulated: true,
    });
    const recorded = await t.database.db.execute(
      sql`select price from price_ticks p join products r on r.id = p.product_id where r.symbol = 'BTC/USDT' and ts = ${quote.data.price_time}`,
    );
    expect(quote.data.price.replace('.', '')).toBe(String(recorded.rows[0]!.price));
    await market.advance(5);
    const done = await post(u.token, '/api/user/exchange', { quote_id: quote.data.id, key: intentKey() });
    expect(done).toMatchObject({
      code: 200,
      data: { direction: 'buy', coin: 'BTC', price: quote.data.price, coin_amount: quote.data.coin_amount },
    });
    expect((await balances(u.token)).available).toBe('9000.00');
    expect((await post(u.token, '/api/user/exchange', { quote_id: quote.data.id, key: intentKey() })).key).toBe(
      'quote_expired',
    );

    const sell = await post(u.token, '/api/user/exchange_quote', {
      direction: 'sell',
      coin: 'BTC',
      amount: quote.data.coin_amount,
    });
    expect(sell.code).toBe(200);
    const sold = await post(u.token, '/api/user/exchange', { quote_id: sell.data.id, key: intentKey() });
    expect(sold.data.cash_amount).toBe(sell.data.cash_amount);
    const assets = (await get(u.token, '/api/user/assets')).data;
    expect(assets.coins.find((c: { coin: string }) => c.coin === 'BTC').amount).toBe('0.00000000');
    expect(Number(assets.cash.available)).toBeCloseTo(9000 + Number(sell.data.cash_amount), 2);

    const late = await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'ETH', amount: '100' });
    await market.advance(16);
    expect(await post(u.token, '/api/user/exchange', { quote_id: late.data.id, key: intentKey() })).toMatchObject({
      code: 409,
      key: 'quote_expired',
    });
    // More than the user has is refused before any price is held, with what there is (issue #29, defect 7).
    expect(
      await post(u.token, '/api/user/exchange_quote', { direction: 'sell', coin: 'ETH', amount: '1' }),
    ).toMatchObject({
      code: 422,
      key: 'exchange_over_balance',
      msg: 'That is more than you have: 0.00000000 ETH available',
      data: { field: 'amount', params: { available: '0.00000000', unit: 'ETH' } },
    });
    const cashNow = (await balances(u.token)).available;
    expect(
      (await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '1000000' })).key,
    ).toBe('exchange_over_balance');
    // Two quotes for all of it: the second finds the cash spent when it executes.
    const all = () => post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: cashNow });
    const [first, second] = [await all(), await all()];
    expect((await post(u.token, '/api/user/exchange', { quote_id: first.data.id, key: intentKey() })).code).toBe(200);
    const tooMuch = await post(u.token, '/api/user/exchange', { quote_id: second.data.id, key: intentKey() });
    expect(tooMuch.key).toBe('balance_insufficient');
    expect((await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'NOPE', amount: '1' })).key).toBe(
      'product_not_found',
    );
    const history = (await get(u.token, '/api/user/exchange_record')).data;
    expect(history.items.map((r: { direction: string }) => r.direction)).toEqual(['buy', 'sell', 'buy']);
  });

  it('values each coin in U at the recorded price', async () => {
    const u = await registerUser(t.app, t.database);
    await fund(u.user.id, 50_000n);
    const q = await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'ETH', amount: '100' });
    await post(u.token, '/api/user/exchange', { quote_id: q.data.id, key: intentKey() });
    const assets = (await get(u.token, '/api/user/assets')).data;
    const eth = assets.coins.find((c: { coin: string }) => c.coin === 'ETH');
    expect(eth.amount).toBe(q.data.coin_amount);
    expect(Number(eth.value)).toBeGreaterThan(99);
    expect(Number(assets.total_value)).toBeGreaterThan(499);
  });
});

describe('the statement', () => {
  it("lists every journal on the user's accounts with type, balance after and reference; filters, pages and exports CSV", async () => {
    await settings({ hold_hours: 0, withdraw_daily_count: 10 });
    const u = await withFundPassword();
    const dep = (await submitRecharge(u, '500')).data;
    await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${dep.id}/approve`, { reason: 'matched' });
    const card = (await addCard(u.token)).data;
    const w = (
      await post(u.token, '/api/user/cash', {
        method_id: String(card.id),
        amount: '100',
        fund_password: 'fund1234',
        key: intentKey(),
      })
    ).data;
    await operatorCall(t.admin, 'fay', 'POST', `/admin/withdrawals/${w.id}/refuse`, { reason: 'test refuse' });
    const q = await post(u.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '50' });
    await post(u.token, '/api/user/exchange', { quote_id: q.data.id, key: intentKey() });

    const all = (await get(u.token, '/api/user/finance?size=100')).data;
    expect(new Set(all.items.map((i: { type: string }) => i.type))).toEqual(
      new Set(['deposit', 'withdrawal', 'exchange']),
    );
    const credit = all.items.find((i: { kind: string }) => i.kind === 'deposit_credit');
    expect(credit).toMatchObject({
      amount: '500.00',
      balance_after: '500.00',
      ref_type: 'deposit',
      ref_id: dep.id,
      asset: 'USD',
      bucket: 'available',
    });
    expect(all.items.find((i: { asset: string }) => i.asset === 'BTC')).toMatchObject({
      type: 'exchange',
      bucket: 'available',
    });
    const deposits = (await get(u.token, '/api/user/finance?type=deposit')).data;
    expect(deposits.items.every((i: { type: string }) => i.type === 'deposit')).toBe(true);
    // Each type's filter gives exactly the entries of that type, and `other` the rest.
    for (const type of ['deposit', 'bonus', 'withdrawal', 'exchange', 'order', 'plan', 'other']) {
      const only = (await get(u.token, `/api/user/finance?size=100&type=${type}`)).data;
      const expected = all.items.filter((i: { type: string }) => i.type === type).map((i: { id: number }) => i.id);
      expect(only.items.map((i: { id: number }) => i.id)).toEqual(expected);
      expect(only.total).toBe(expected.length);
    }
    const page2 = (await get(u.token, '/api/user/finance?size=2&page=2')).data;
    expect(page2.items).toHaveLength(2);
    expect(page2.total).toBe(all.total);
    const future = (await get(u.token, `/api/user/finance?from=${Math.floor(Date.now() / 1000) + 3600}`)).data;
    expect(future.items).toHaveLength(0);

    const csv = await t.app.inject({ method: 'GET', url: '/api/user/finance_csv', headers: { token: u.token } });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toContain('statement.csv');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('time,time_zone,type,kind,asset,bucket,amount,balance_after,reference');
    expect(lines).toHaveLength(all.total + 1);
    expect(csv.body).toContain(`deposit:${dep.id}:credit`);
  });
});

describe('operators: channels and settings', () => {
  it('creates, validates, disables channels and audits every change', async () => {
    const u = await registerUser(t.app, t.database);
    const bad = await operatorCall(t.admin, 'alice', 'POST', '/admin/recharge-channels', {
      reason: 'new usdt channel',
      kind: 'crypto',
      name: 'USDT ERC20',
      currency: 'USDT',
      network: 'ERC20',
      address: TRON,
      min: '10',
      max: '1000',
    });
    expect(bad.key).toBe('wallet_address_invalid');
    const noReason = await operatorCall(t.admin, 'alice', 'POST', '/admin/recharge-channels', {
      kind: 'alipay',
      name: 'x',
      account: 'a',
      holder: 'b',
      min: '10',
      max: '20',
    });
    expect(noReason.code).not.toBe(200);
    // A new channel is new money terms: held until a second operator approves it (held-controls.test.ts).
    const approved = await changeControl(t.admin, '/admin/recharge-channels', {
      reason: 'new usdt channel',
      kind: 'crypto',
      name: 'USDT ERC20',
      currency: 'USDT',
      network: 'ERC20',
      address: ETH,
      min: '10',
      max: '1000',
      bonus_pct: '2.5',
    });
    expect(approved.data.status).toBe('applied');
    const listed = await operatorCall(t.admin, 'alice', 'GET', '/admin/recharge-channels');
    const created = { data: listed.data.items.find((c: { name: string }) => c.name === 'USDT ERC20') };
    expect(created.data).toMatchObject({ name: 'USDT ERC20', bonus_pct: '2.50', enabled: true });
    const names = async () =>
      (await get(u.token, '/api/user/recharge')).data.channels.map((c: { name: string }) => c.name);
    expect(await names()).toContain('USDT ERC20');
    await operatorCall(t.admin, 'alice', 'POST', `/admin/recharge-channels/${created.data.id}/disable`, {
      reason: 'wallet rotated',
    });
    expect(await names()).not.toContain('USDT ERC20');
    const channels = (await get(u.token, '/api/user/recharge')).data.channels;
    expect(channels.every((c: { name: string }) => c.name !== 'USDT ERC20')).toBe(true);
    const audit = await operatorCall(t.admin, 'alice', 'GET', '/admin/audit?size=20');
    const actions = audit.data.items
      .filter((a: { target: string }) => a.target === `channel:${created.data.id}`)
      .map((a: { action: string }) => a.action);
    expect(actions.sort()).toEqual(['channel.create', 'channel.disable']);
  });

  it('refuses settings that make no sense and audits the ones it keeps', async () => {
    expect((await settings({ withdraw_min: '500', withdraw_max: '100' })).key).toBe('invalid_request');
    expect((await settings({ quote_seconds: 60 })).code).not.toBe(200);
    const saved = await settings({ withdraw_daily_count: 4 });
    expect(saved.data.withdraw_daily_count).toBe(4);
    const audit = await operatorCall(t.admin, 'alice', 'GET', '/admin/audit?size=5');
    expect(audit.data.items[0]).toMatchObject({ action: 'wallet.settings', reason: 'test settings' });
  });
});

describe('isolation and books', () => {
  it("another user's ids give no data on every endpoint", async () => {
    await settings({ hold_hours: 0, withdraw_daily_count: 10 });
    const owner = await withFundPassword();
    const stranger = await withFundPassword();
    await fund(owner.user.id, 100_000n);
    const dep = (await submitRecharge(owner, '200')).data;
    const card = (await addCard(owner.token)).data;
    const w = (
      await post(owner.token, '/api/user/cash', {
        method_id: String(card.id),
        amount: '100',
        fund_password: 'fund1234',
        key: intentKey(),
      })
    ).data;
    const q = (await post(owner.token, '/api/user/exchange_quote', { direction: 'buy', coin: 'BTC', amount: '50' }))
      .data;
    const upload = await uploadProof(t.app, owner.token, await pngImage(5));

    expect((await get(stranger.token, `/api/user/recharge_record?id=${dep.id}`)).key).toBe('no_data');
    expect((await get(stranger.token, `/api/user/cash_record?id=${w.id}`)).key).toBe('no_data');
    expect((await get(stranger.token, `/api/user/upload?id=${upload}`)).key).toBe('no_data');
    expect((await post(stranger.token, '/api/user/del_payment', { id: String(card.id) })).key).toBe('no_data');
    expect(
      (
        await post(stranger.token, '/api/user/cash', {
          method_id: String(card.id),
          amount: '100',
          fund_password: 'fund1234',
          key: intentKey(),
        })
      ).key,
    ).toBe('no_data');
    expect((await post(stranger.token, '/api/user/exchange', { quote_id: q.id, key: intentKey() })).key).toBe(
      'quote_expired',
    );
    const channels = (await get(stranger.token, '/api/user/recharge')).data.channels;
    expect(
      (
        await post(stranger.token, '/api/user/dorecharge', {
          channel_id: String(channels[0].id),
          amount: '200',
          payer_name: 'x',
          upload_id: upload,
          key: intentKey(),
        })
      ).key,
    ).toBe('no_data');
    for (const url of [
      '/api/user/recharge_record',
      '/api/user/cash_record',
      '/api/user/exchange_record',
      '/api/user/finance',
      '/api/user/payment',
      '/api/user/bank_card',
    ]) {
      const answer = await get(stranger.token, url);
      expect(answer.data.items, url).toHaveLength(0);
    }
    expect((await get(stranger.token, '/api/user/assets')).data.cash.available).toBe('0.00');
    // And nothing for a logged-out caller.
    for (const url of [
      '/api/user/recharge',
      '/api/user/cash',
      '/api/user/finance',
      '/api/user/assets',
      '/api/user/payment',
    ]) {
      expect((await call(t.app, 'GET', url)).code).toBe(401);
    }
  });

  it('keeps the books balanced (ledger:verify is clean)', async () => {
    const report = await verifyLedger(t.database.db);
    expect(report.breaks).toEqual([]);
    expect(report.journals).toBeGreaterThan(10);
  });
});
