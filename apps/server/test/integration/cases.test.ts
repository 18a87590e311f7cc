import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { translate } from '@app/i18n/catalogue';
import type { AdminCaseDetail, CaseMoneyEvidence, CaseOrderEvidence, HouseView, UserCase } from '@app/contracts';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { balancesOf, houseAccount, userAccount, verifyLedger } from '../../src/modules/ledger/index.ts';
import { call, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import {
  intentKey,
  operatorCall,
  pngImage,
  SATURDAY_MORNING_SHANGHAI,
  submitDeposit,
  uploadProof,
} from './wallet-helpers.ts';

/**
 * Cases and disputes end to end through the real endpoints: a user contests a settled order, a refused deposit and
 * a refused withdrawal; the evidence is attached by the server; operators uphold or correct (a held adjustment a
 * second operator approves); the user is told in the inbox; the house view shows the median time to decide.
 */

let t: TestApp;
let market: MarketHarness;
type User = Awaited<ReturnType<typeof registerUser>>;

beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  // New payout methods may be used at once (the platform's hold is a control of its own, tested in wallet.test).
  await changeControl(t.admin, '/admin/wallet-settings', { reason: 'cases test', hold_hours: 0 });
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const get = (u: User, url: string, lang?: string) =>
  call(t.app, 'GET', url, { token: u.token, ...(lang ? { lang } : {}) });
const post = (u: User, url: string, body: Record<string, string>, lang?: string) =>
  call(t.app, 'POST', url, { token: u.token, body, ...(lang ? { lang } : {}) });
/** Each user contests from an address of their own (opening a case is rate-limited per address). */
const contest = (u: User, kind: string, id: number | string, extra: Record<string, string> = {}, lang?: string) =>
  call(t.app, 'POST', '/api/user/cases', {
    token: u.token,
    body: { kind, item_id: String(id), text: 'The price at settlement looks wrong to me.', ...extra },
    ip: `10.9.${(u.user.id >> 8) & 255}.${u.user.id & 255}`,
    ...(lang ? { lang } : {}),
  });
const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  operatorCall(t.admin, as, method, url, payload);
const caseCount = async () =>
  Number((await t.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM user_cases`)).rows[0]!.n);
const available = async (userId: number) =>
  (await balancesOf(t.database.db, [userAccount(userId, 'available')])).get(userAccount(userId, 'available'))!;

async function fund(userId: number, amount: bigint) {
  await t.database.db.transaction((tx) =>
    postJournal(tx, {
      reference: `test:fund:${intentKey()}`,
      kind: 'test_fund',
      transfers: [{ from: houseAccount('bonuses'), to: userAccount(userId, 'available'), amount }],
    }),
  );
}

/** A user with a settled real order and an open one. */
async function traderWithOrders() {
  const u = await registerUser(t.app, t.database);
  await fund(u.user.id, 100_000n);
  const order = (seconds: string) =>
    post(u, '/api/user/addorder', { symbol: 'BTC/USDT', seconds, amount: '100', direction: 'up', key: intentKey() });
  const settled = await order('30');
  const open = await order('300');
  expect([settled.code, open.code]).toEqual([200, 200]);
  await market.advance(30);
  return { u, settled: settled.data.id as number, open: open.data.id as number };
}

async function refusedWithdrawal() {
  const u = await registerUser(t.app, t.database);
  expect((await post(u, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' })).code).toBe(200);
  await fund(u.user.id, 100_000n);
  const card = await post(u, '/api/user/add_card', {
    bank_name: 'Test Bank',
    branch: 'Main St',
    holder: 'Test Holder',
    card_number: `6222${String(process.pid).padStart(6, '0')}${String(Date.now() % 1_000_000).padStart(6, '0')}`,
  });
  const w = await post(u, '/api/user/cash', {
    method_id: String(card.data.id),
    amount: '200',
    fund_password: 'fund1234',
    key: intentKey(),
  });
  expect(w.key).toBe('withdrawal_submitted');
  const refused = await op('fay', 'POST', `/admin/withdrawals/${w.data.id}/refuse`, { reason: 'Holder name differs' });
  expect(refused.code).toBe(200);
  return { u, id: w.data.id as number };
}

describe('opening a case', () => {
  it('attaches an order’s evidence: prices of both seconds with their source, terms, log indexes, journals', async () => {
    const { u, settled } = await traderWithOrders();
    const picture = await uploadProof(t.app, u.token, await pngImage(7));
    const opened = await contest(u, 'order', settled, { upload_id: picture });
    expect(opened).toMatchObject({ code: 200, key: 'case_opened' });
    expect(opened.data).toMatchObject({ kind: 'order', item_id: settled, state: 'open', upload_id: picture });

    const detail = (await op('fay', 'GET', `/admin/cases/${opened.data.id}`)).data as AdminCaseDetail;
    const evidence = detail.evidence as CaseOrderEvidence;
    const order = (await get(u, `/api/user/get_this_order?id=${settled}`)).data;
    expect(evidence.order).toMatchObject({
      id: settled,
      symbol: 'BTC/USDT',
      stake: '100.00',
      status: 'settled',
      open_price: order.open_price,
      settle_price: order.settle_price,
    });
    const terms = await t.database.db.execute<{ payout_bp: number; loss_bp: number; fee_bp: number }>(
      sql`SELECT payout_bp, loss_bp, fee_bp FROM contract_orders WHERE id = ${settled}`,
    );
    expect(evidence.terms).toMatchObject({ seconds: 30, ...terms.rows[0], settle_time: order.settle_time });
    // Each price second as the series records it, with the product's source.
    expect(evidence.prices.map((p) => [p.role, p.second, p.price, p.source])).toEqual([
      ['open', order.open_time, order.open_price, 'simulator'],
      ['settle', order.settle_time, order.settle_price, 'simulator'],
    ]);
    expect(evidence.log_index).toEqual(order.log_index);
    expect(evidence.journals.map((j) => j.reference)).toEqual([`order:${settled}:open`, `order:${settled}:settle`]);
    expect(detail).toMatchObject({ user_id: u.user.id, text: 'The price at settlement looks wrong to me.' });

    // The user's file, to operators with a reason (audited).
    const file = await t.admin.inject({
      method: 'GET',
      url: `/admin/cases/${opened.data.id}/file?reason=${encodeURIComponent('checking the case')}`,
      headers: { authorization: 'Bearer opk_test_fay_0123456789abcdefghij' },
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    const read = await t.database.db.execute<{ reason: string }>(
      sql`SELECT reason FROM audit_log WHERE action = 'case.file_read' AND target = ${`case:${opened.data.id}`}`,
    );
    expect(read.rows).toEqual([{ reason: 'checking the case' }]);
  });

  it('attaches a refused deposit’s and a refused withdrawal’s record, the operators’ acts and their reasons', async () => {
    const deposit = await submitDeposit(t, '500');
    await op('fay', 'POST', `/admin/deposits/${deposit.id}/refuse`, { reason: 'No matching transfer found' });
    const d = await contest(deposit.user, 'deposit', deposit.id, { text: 'I did pay: see my bank statement.' });
    expect(d.key).toBe('case_opened');
    const dEvidence = (await op('fay', 'GET', `/admin/cases/${d.data.id}`)).data.evidence as CaseMoneyEvidence;
    expect(dEvidence).toMatchObject({
      kind: 'deposit',
      record: { id: deposit.id, status: 2, amount: '500.00', reason: 'No matching transfer found', reviewed_by: 'fay' },
    });
    expect(dEvidence.acts).toContainEqual(
      expect.objectContaining({ operator: 'fay', action: 'deposit.refuse', reason: 'No matching transfer found' }),
    );

    const w = await refusedWithdrawal();
    const c = await contest(w.u, 'withdrawal', w.id, { text: 'The holder name is exactly my name.' });
    expect(c.key).toBe('case_opened');
    const wEvidence = (await op('fay', 'GET', `/admin/cases/${c.data.id}`)).data.evidence as CaseMoneyEvidence;
    expect(wEvidence.record).toMatchObject({ id: w.id, status: 2, amount: '200.00', reason: 'Holder name differs' });
    expect(wEvidence.acts.map((a) => a.reason)).toContain('Holder name differs');
    expect(wEvidence.journals.map((j) => j.reference)).toEqual([
      `withdrawal:${w.id}:freeze`,
      `withdrawal:${w.id}:refund`,
    ]);
  });
});

describe('what a user may not do', () => {
  it('answers 404 for someone else’s item, refuses what cannot be contested, and changes nothing', async () => {
    const { u, settled, open } = await traderWithOrders();
    const other = await registerUser(t.app, t.database);
    const before = await caseCount();

    // Someone else's order, a missing one: the same 404.
    const theirs = await contest(other, 'order', settled);
    expect(theirs).toMatchObject({ status: 404, key: 'no_data' });
    expect(await contest(other, 'order', 999_999_999)).toMatchObject({ status: 404, key: 'no_data' });
    // An approved deposit, an open order: not contestable.
    expect(await contest(u, 'order', open)).toMatchObject({ status: 422, key: 'case_not_contestable' });
    const approved = await submitDeposit(t, '300');
    await op('fay', 'POST', `/admin/deposits/${approved.id}/approve`, { reason: 'matched' });
    expect((await contest(approved.user, 'deposit', approved.id)).key).toBe('case_not_contestable');
    expect((await contest(u, 'deposit', approved.id)).key).toBe('no_data');
    // Bad input, in the reader's language.
    const short = await contest(u, 'order', settled, { text: 'wrong' }, 'zh');
    expect(short).toMatchObject({
      status: 400,
      key: 'case_text_too_short',
      msg: translate('zh', 'case_text_too_short'),
    });
    expect((await contest(u, 'order', settled, { text: 'x'.repeat(1001) })).key).toBe('case_text_too_long');
    expect((await contest(u, 'parcel', settled)).key).toBe('case_item_invalid');
    expect((await contest(u, 'order', 'abc')).key).toBe('case_item_invalid');
    // Someone else's picture reads like a missing one.
    const theirPicture = await uploadProof(t.app, other.token, await pngImage(9));
    expect(await contest(u, 'order', settled, { upload_id: theirPicture })).toMatchObject({
      status: 404,
      key: 'no_data',
      data: { field: 'upload_id' },
    });
    expect(await caseCount()).toBe(before);

    // One undecided case per item.
    const first = await contest(u, 'order', settled);
    expect(first.code).toBe(200);
    expect(await contest(u, 'order', settled)).toMatchObject({ status: 409, key: 'case_already_open' });
    expect(await caseCount()).toBe(before + 1);

    // Someone else's case reads like a missing one, and is not in their list.
    expect(await get(other, `/api/user/case?id=${first.data.id}`)).toMatchObject({ status: 404, key: 'no_data' });
    expect((await get(other, '/api/user/cases')).data.items).toEqual([]);
    expect((await get(u, '/api/user/cases')).data.items.map((c: UserCase) => c.id)).toEqual([first.data.id]);
  });

  it('keeps the cases to finance and admin operators', async () => {
    expect((await op('sam', 'GET', '/admin/cases')).key).toBe('permission_denied');
    expect((await op('cole', 'GET', '/admin/cases')).key).toBe('permission_denied');
  });
});

describe('deciding a case', () => {
  it('upholds: nothing moves, the user reads the reason in the case and in the inbox', async () => {
    const { u, settled } = await traderWithOrders();
    const opened = (await contest(u, 'order', settled)).data as UserCase;
    const balance = await available(u.user.id);
    // Open first, oldest first.
    const queue = (await op('fay', 'GET', '/admin/cases?state=open')).data.items as AdminCaseDetail[];
    expect(queue.map((c) => c.id)).toEqual([...queue.map((c) => c.id)].sort((a, b) => a - b));
    expect(queue.map((c) => c.id)).toContain(opened.id);

    const decided = await op('fay', 'POST', `/admin/cases/${opened.id}/decide`, {
      outcome: 'upheld',
      reason: 'Both prices match the recorded series',
    });
    expect(decided.data).toMatchObject({ state: 'decided', outcome: 'upheld', decided_by: 'fay', correction: null });
    expect(await available(u.user.id)).toBe(balance);
    expect(
      (await op('finn', 'POST', `/admin/cases/${opened.id}/decide`, { outcome: 'upheld', reason: 'again' })).key,
    ).toBe('review_already_decided');
    const audited = await t.database.db.execute<{ operator: string; reason: string }>(
      sql`SELECT operator, reason FROM audit_log WHERE action = 'case.uphold' AND target = ${`case:${opened.id}`}`,
    );
    expect(audited.rows).toEqual([{ operator: 'fay', reason: 'Both prices match the recorded series' }]);

    const seen = (await get(u, `/api/user/case?id=${opened.id}`)).data as UserCase;
    expect(seen).toMatchObject({
      state: 'decided',
      outcome: 'upheld',
      reason: 'Both prices match the recorded series',
    });
    const inbox = (await get(u, '/api/user/msg', 'zh')).data.items;
    expect(inbox[0]).toMatchObject({
      kind: 'case_upheld',
      title: '您的申诉已处理',
      link: '#/pages/user/cases',
    });
    expect(inbox[0].body).toContain('Both prices match the recorded series');

    // Decided, the item may be contested again.
    expect((await contest(u, 'order', settled)).code).toBe(200);
  });

  it('corrects: a held credit a second, different operator approves; then the journal is posted and the ledger verifies', async () => {
    const { u, settled } = await traderWithOrders();
    const opened = (await contest(u, 'order', settled)).data as UserCase;
    const balance = await available(u.user.id);

    expect(
      (await op('fay', 'POST', `/admin/cases/${opened.id}/decide`, { outcome: 'corrected', reason: 'no amount' })).key,
    ).toBe('please_fill_in');
    const proposed = await op('fay', 'POST', `/admin/cases/${opened.id}/decide`, {
      outcome: 'corrected',
      amount: '80',
      reason: 'Settled one second late',
    });
    expect(proposed.data).toMatchObject({
      state: 'correcting',
      outcome: null,
      correction: { amount: '80.00', status: 'pending', requested_by: 'fay', journal_reference: null },
    });
    expect(await available(u.user.id)).toBe(balance);
    // The user sees it waiting, without a reason yet.
    expect((await get(u, `/api/user/case?id=${opened.id}`)).data).toMatchObject({ state: 'correcting', reason: null });
    const adjustment = proposed.data.correction.adjustment_id as number;

    // The same operator cannot approve their own correction.
    expect((await op('fay', 'POST', `/admin/adjustments/${adjustment}/approve`, { reason: 'me again' })).key).toBe(
      'second_operator_required',
    );
    expect(await available(u.user.id)).toBe(balance);
    const approved = await op('finn', 'POST', `/admin/adjustments/${adjustment}/approve`, {
      reason: 'checked the series',
    });
    expect(approved.data.status).toBe('posted');
    expect(await available(u.user.id)).toBe(balance + 8_000n);

    const after = (await op('fay', 'GET', `/admin/cases/${opened.id}`)).data as AdminCaseDetail;
    expect(after).toMatchObject({
      state: 'decided',
      outcome: 'corrected',
      correction: { status: 'posted', decided_by: 'finn', journal_reference: `adjustment:${adjustment}` },
    });
    const journal = await t.database.db.execute<{ kind: string }>(
      sql`SELECT kind FROM ledger_journals WHERE reference = ${`adjustment:${adjustment}`}`,
    );
    expect(journal.rows).toEqual([{ kind: 'adjustment_credit' }]);
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);

    const seen = (await get(u, `/api/user/case?id=${opened.id}`)).data as UserCase;
    expect(seen).toMatchObject({
      state: 'decided',
      outcome: 'corrected',
      amount: '80.00',
      reason: 'Settled one second late',
      journal_reference: `adjustment:${adjustment}`,
    });
    const inbox = (await get(u, '/api/user/msg')).data.items;
    expect(inbox[0]).toMatchObject({ kind: 'case_corrected', title: 'Your case was decided: corrected' });
    expect(inbox[0].body).toContain('80');
    const acts = await t.database.db.execute<{ action: string; operator: string }>(
      sql`SELECT action, operator FROM audit_log WHERE target = ${`case:${opened.id}`} ORDER BY id`,
    );
    expect(acts.rows).toEqual([
      { action: 'case.correct', operator: 'fay' },
      { action: 'case.correction_applied', operator: 'finn' },
    ]);
  });

  it('a refused correction opens the case again, with nothing moved and nothing told', async () => {
    const { u, settled } = await traderWithOrders();
    const opened = (await contest(u, 'order', settled)).data as UserCase;
    const balance = await available(u.user.id);
    const proposed = await op('fay', 'POST', `/admin/cases/${opened.id}/decide`, {
      outcome: 'corrected',
      amount: '10',
      reason: 'Goodwill',
    });
    await op('finn', 'POST', `/admin/adjustments/${proposed.data.correction.adjustment_id}/refuse`, {
      reason: 'Series is right',
    });
    const back = (await op('fay', 'GET', `/admin/cases/${opened.id}`)).data as AdminCaseDetail;
    expect(back).toMatchObject({ state: 'open', correction: { status: 'refused' } });
    expect(await available(u.user.id)).toBe(balance);
    expect(
      (await get(u, '/api/user/msg')).data.items.filter((m: { kind: string }) => m.kind.startsWith('case_')),
    ).toEqual([]);
  });
});

it('shows the median time from opened to decided over the last 30 days on the house view', async () => {
  const house = (await op('fay', 'GET', '/admin/house')).data as HouseView;
  const truth = await t.database.db.execute<{ n: string; m: string }>(sql`
    SELECT count(*) AS n, percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM decided_at - created_at)) AS m
    FROM user_cases WHERE decided_at > to_timestamp(${market.clock.t - 30 * 86_400})`);
  expect(Number(truth.rows[0]!.n)).toBeGreaterThanOrEqual(2);
  expect(house.cases).toEqual({
    days: 30,
    decided: Number(truth.rows[0]!.n),
    median_seconds: Math.round(Number(truth.rows[0]!.m)),
  });

  // A case decided long after it opened moves the median: one opened 40 days ago and decided now.
  const old = await traderWithOrders();
  const c = (await contest(old.u, 'order', old.settled)).data as UserCase;
  await t.database.db.execute(sql`UPDATE user_cases SET created_at = now() - interval '40 days' WHERE id = ${c.id}`);
  const twoMore = await traderWithOrders();
  const d = (await contest(twoMore.u, 'order', twoMore.settled)).data as UserCase;
  await t.database.db.execute(sql`UPDATE user_cases SET created_at = now() - interval '40 days' WHERE id = ${d.id}`);
  for (const id of [c.id, d.id])
    await op('fay', 'POST', `/admin/cases/${id}/decide`, { outcome: 'upheld', reason: 'old case' });
  const later = (await op('fay', 'GET', '/admin/house')).data as HouseView;
  expect(later.cases.decided).toBe(house.cases.decided + 2);
  expect(later.cases.median_seconds!).toBeGreaterThan(house.cases.median_seconds!);
});

describe('closing the account', () => {
  it('keeps a closed account’s case and its decision, not the person’s words or picture; the export lists cases', async () => {
    const deposit = await submitDeposit(t, '300');
    await op('fay', 'POST', `/admin/deposits/${deposit.id}/refuse`, { reason: 'No matching transfer found' });
    const picture = await uploadProof(t.app, deposit.user.token, await pngImage(11));
    const opened = await contest(deposit.user, 'deposit', deposit.id, {
      text: 'My own words about it.',
      upload_id: picture,
    });
    expect(opened.key).toBe('case_opened');
    const decided = await op('fay', 'POST', `/admin/cases/${opened.data.id}/decide`, {
      outcome: 'upheld',
      reason: 'The bank shows no transfer from this account.',
    });
    expect(decided.code).toBe(200);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/user/export',
      headers: { token: deposit.user.token, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    expect(JSON.parse(strFromU8(files['data.json']!)).cases).toEqual([
      expect.objectContaining({
        id: opened.data.id,
        kind: 'deposit',
        text: 'My own words about it.',
        outcome: 'upheld',
      }),
    ]);

    const closed = await post(deposit.user, '/api/user/close', { password: 'secret123' });
    expect(closed.code).toBe(200);
    const seen = (await op('fay', 'GET', `/admin/cases/${opened.data.id}`)).data;
    expect(seen).toMatchObject({
      state: 'decided',
      outcome: 'upheld',
      reason: 'The bank shows no transfer from this account.',
    });
    expect(seen.text).toBe('—');
    expect(seen.upload_id).toBeNull();
  });
});
