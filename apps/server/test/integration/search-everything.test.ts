import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SearchAnswer } from '@app/contracts';
import { searchEverything } from '../../src/modules/operator-search/index.ts';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { expectIndexedPlans, recordingDb } from '../helpers/query-plans.ts';
import { submitDeposit } from './wallet-helpers.ts';

// Search everything (GET /admin/search): every kind of key finds what it keys, masked where the console masks;
// users.read may search, deposits and withdrawals only for money.review; a query is taken literally, whatever it
// holds; and every statement the search sends can be answered from an index (none needs a sequential scan).

process.env.KYC_KEY ??= Buffer.alloc(32, 5).toString('base64');

let t: TestApp;
type User = Awaited<ReturnType<typeof registerUser>>;
let alice: User;
const CARD = `6217880${String(process.pid % 100_000).padStart(5, '0')}4321`;
const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
const REAL_NAME = '欧阳娜娜';
let deposit: { id: number; reference: string; user: User };
let withdrawalId: number;

const search = async (q: string | undefined, as: TestOperator = 'fay', lang = 'en') => {
  const response = await t.admin.inject({
    method: 'GET',
    url: q === undefined ? '/admin/search' : `/admin/search?${new URLSearchParams({ q })}`,
    headers: { ...operatorHeaders(as), lang },
  });
  const body = response.json() as { code: number; key: string; msg: string; data: SearchAnswer & { field?: string } };
  return { status: response.statusCode, ...body };
};
const found = async (q: string, as: TestOperator = 'fay') => {
  const answer = await search(q, as);
  expect(answer.code, `${q}: ${answer.key}`).toBe(200);
  return answer.data;
};
const userIds = (a: SearchAnswer) => a.users.items.map((u) => u.id);
const matchOf = (a: SearchAnswer, userId: number) => a.users.items.find((u) => u.id === userId)?.matches ?? [];

let serial = 300;
const freshId = () => {
  const first17 = `11010119850611${String(serial++).padStart(3, '0')}`;
  return first17 + cnIdCheckChar(first17);
};

beforeAll(async () => {
  t = await createTestApp();
  alice = await registerUser(t.app, t.database, { account: `srch${process.pid % 10_000}Alice` });
  const post = async (url: string, body: Record<string, string>) => {
    const answer = await call(t.app, 'POST', url, { token: alice.token, body });
    expect(answer.code, `${url}: ${answer.key}`).toBe(200);
    return answer.data as { id: number };
  };
  const card = await post('/api/user/add_card', {
    bank_name: 'Search Bank',
    branch: 'Main St',
    holder: 'Alice Holder',
    card_number: CARD,
  });
  const wallet = await post('/api/user/add_wallet_addr', { currency: 'USDT', network: 'ERC20', address: ADDRESS });
  expect(wallet.id).toBeGreaterThan(0);
  await post('/api/user/certification', { real_name: REAL_NAME, id_number: freshId() });

  const sent = await submitDeposit(t, '150');
  const [row] = (
    await t.database.db.execute<{ reference_code: string }>(
      sql`SELECT reference_code FROM deposits WHERE id = ${sent.id}`,
    )
  ).rows;
  deposit = { id: sent.id, reference: row!.reference_code, user: sent.user };

  // A withdrawal under review to alice's card: written as the withdraw flow leaves its row (the flow itself, with
  // its hours, holds and fund password, is the wallet suite's subject; here only the row is looked up).
  const [w] = (
    await t.database.db.execute<{ id: bigint }>(sql`
      INSERT INTO withdrawals (user_id, method_id, kind, destination, amount, fee, received, status)
      VALUES (${alice.user.id}, ${card.id}, 'bank', 'Search Bank 621********321', 10000, 100, 9900, 3)
      RETURNING id`)
  ).rows;
  withdrawalId = Number(w!.id);
});
afterAll(async () => t?.close());

describe('GET /admin/search finds', () => {
  it('a user by id, account (any case, or its beginning), phone (whole, in groups or its beginning) and invitation code', async () => {
    const id = alice.user.id as number;
    expect(matchOf(await found(String(id)), id)).toContainEqual({
      field: 'id',
      value: String(id),
      exact: true,
      removed: false,
    });

    const byAccount = await found(alice.account.toUpperCase());
    expect(byAccount.users.items[0]).toMatchObject({ id, account: alice.account });
    expect(matchOf(byAccount, id)[0]).toMatchObject({ field: 'account', exact: true });
    expect(matchOf(await found(alice.account.slice(0, 6)), id)[0]).toMatchObject({ field: 'account', exact: false });

    const byPhone = await found(alice.phone);
    expect(matchOf(byPhone, id)[0]).toMatchObject({ field: 'phone', exact: true, value: maskOf(alice.phone) });
    expect(byPhone.users.items[0]!.phone_masked).toBe(maskOf(alice.phone));
    const grouped = `${alice.phone.slice(0, 3)} ${alice.phone.slice(3, 7)}-${alice.phone.slice(7)}`;
    expect(userIds(await found(grouped))).toContain(id);
    expect(userIds(await found(alice.phone.slice(0, 9)))).toContain(id);

    const [{ invite_code: code }] = (
      await t.database.db.execute<{ invite_code: string }>(sql`SELECT invite_code FROM users WHERE id = ${id}`)
    ).rows as [{ invite_code: string }];
    expect(matchOf(await found(code.toLowerCase()), id)).toContainEqual({
      field: 'invite_code',
      value: code,
      exact: true,
      removed: false,
    });
  });

  it('a user by real name (whole or its beginning), card number (whole, in groups) and wallet address (any case)', async () => {
    const id = alice.user.id as number;
    expect(matchOf(await found(REAL_NAME), id)).toContainEqual({
      field: 'real_name',
      value: '欧***',
      exact: true,
      removed: false,
    });
    expect(matchOf(await found('欧阳'), id)[0]).toMatchObject({ field: 'real_name', exact: false });

    const byCard = await found(CARD);
    expect(matchOf(byCard, id)).toContainEqual({
      field: 'payout_method',
      value: `Search Bank ${maskOf(CARD)}`,
      exact: true,
      removed: false,
    });
    const inGroups = CARD.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(userIds(await found(inGroups))).toContain(id);

    const byAddress = await found(ADDRESS.toLowerCase());
    expect(matchOf(byAddress, id)[0]).toMatchObject({ field: 'payout_method', exact: true });
    expect(userIds(await found(ADDRESS.slice(0, 12)))).toContain(id);
  });

  it('a removed payout method still finds its user, and says it was removed', async () => {
    const other = await registerUser(t.app, t.database);
    const card = `6217881${String(process.pid % 100_000).padStart(5, '0')}9876`;
    const added = await call(t.app, 'POST', '/api/user/add_card', {
      token: other.token,
      body: { bank_name: 'Gone Bank', branch: 'Side St', holder: 'Other Holder', card_number: card },
    });
    expect(added.code, added.key).toBe(200);
    const removed = await call(t.app, 'POST', '/api/user/del_payment', {
      token: other.token,
      body: { id: String(added.data.id) },
    });
    expect(removed.key).toBe('deleted');
    expect(matchOf(await found(card), other.user.id)).toContainEqual({
      field: 'payout_method',
      value: `Gone Bank ${maskOf(card)}`,
      exact: true,
      removed: true,
    });
  });

  it('a deposit by its reference (any case, or its beginning) or id, and its user by the reference', async () => {
    const byReference = await found(deposit.reference.toLowerCase());
    expect(byReference.deposits!.items).toEqual([
      expect.objectContaining({
        id: deposit.id,
        reference_code: deposit.reference,
        user_id: deposit.user.user.id,
        account: deposit.user.account,
        amount: '150.00',
        status: 3,
        matched: 'reference',
        exact: true,
      }),
    ]);
    expect(matchOf(byReference, deposit.user.user.id)).toContainEqual({
      field: 'deposit_reference',
      value: deposit.reference,
      exact: true,
      removed: false,
    });
    expect((await found(deposit.reference.slice(0, 5))).deposits!.items.map((d) => d.id)).toContain(deposit.id);
    expect((await found(String(deposit.id))).deposits!.items).toContainEqual(
      expect.objectContaining({ id: deposit.id, matched: 'id', exact: true }),
    );
  });

  it('a withdrawal by its id, with its masked destination and its user', async () => {
    expect((await found(String(withdrawalId))).withdrawals!.items).toEqual([
      expect.objectContaining({
        id: withdrawalId,
        user_id: alice.user.id,
        account: alice.account,
        amount: '100.00',
        status: 3,
        destination: 'Search Bank 621********321',
      }),
    ]);
  });

  it('never answers a phone number, card number, address or real name whole, nor logs the query', async () => {
    for (const q of [alice.phone, CARD, ADDRESS, REAL_NAME, alice.account]) {
      const answer = JSON.stringify(await found(q));
      for (const secret of [alice.phone, CARD, ADDRESS, ADDRESS.toLowerCase(), REAL_NAME])
        expect(answer, `${q} answered ${secret}`).not.toContain(secret);
    }
  });
});

describe('GET /admin/search is', () => {
  it("users.read's: support searches users (deposits and withdrawals not searched), content is refused", async () => {
    const asSupport = await found(deposit.reference, 'sam');
    expect(asSupport.deposits).toBeNull();
    expect(asSupport.withdrawals).toBeNull();
    // The deposit still finds its user, whose page lists it.
    expect(matchOf(asSupport, deposit.user.user.id)[0]).toMatchObject({ field: 'deposit_reference' });
    expect((await found(String(withdrawalId), 'sam')).withdrawals).toBeNull();

    const refused = await search(alice.account, 'cole');
    expect(refused).toMatchObject({ status: 403, key: 'permission_denied' });
    const signedOut = await t.admin.inject({ method: 'GET', url: `/admin/search?q=${alice.account}` });
    expect(signedOut.statusCode).toBe(401);
  });

  it('refused with a clear message when the query is missing, blank or too long; one character matches whole keys only', async () => {
    expect(await search(undefined)).toMatchObject({ status: 400, key: 'please_fill_in' });
    expect(await search('   ', 'fay', 'zh')).toMatchObject({
      status: 400,
      key: 'please_fill_in',
      msg: expect.any(String),
    });
    const long = await search('x'.repeat(129));
    expect(long).toMatchObject({ status: 400, key: 'invalid_request' });
    expect(long.data).toMatchObject({ field: 'q' });
    expect((await search('%'.repeat(5_000))).key).toBe('invalid_request');

    // Every test account starts with "srch" or "user": one letter is not a beginning that finds them, two are.
    expect((await found('s')).users.items).toEqual([]);
    expect(userIds(await found('sr'))).toContain(alice.user.id);
  });

  it('taken literally: %, _ and \\ match only themselves, and the search writes nothing', async () => {
    const underscore = await registerUser(t.app, t.database, { account: 'lit_eral1' });
    const lookalike = await registerUser(t.app, t.database, { account: 'litXeral1' });
    const audits = async () =>
      Number((await t.database.db.execute<{ n: string }>(sql`SELECT count(*)::text AS n FROM audit_log`)).rows[0]!.n);
    const before = await audits();

    for (const q of [
      '%',
      '%%',
      '_',
      '__',
      '\\',
      '\\%',
      '\\_',
      "' OR 1=1 --",
      'srch%',
      '%Alice',
      '*',
      '.*',
      '%'.repeat(128),
    ]) {
      const answer = await found(q);
      expect(answer.users.items, q).toEqual([]);
      expect(answer.deposits!.items, q).toEqual([]);
      expect(answer.withdrawals!.items, q).toEqual([]);
    }
    // An underscore is an underscore: lit_ finds lit_eral1, never litXeral1.
    const literal = await found('lit_');
    expect(userIds(literal)).toEqual([underscore.user.id]);
    expect(userIds(await found('litX'))).toEqual([lookalike.user.id]);
    expect(await audits()).toBe(before);
  });
});

describe('every statement of a search', () => {
  it('is answered from an index: with sequential scans off no plan needs one, and no beginning is sorted', async () => {
    // The search's own statements, captured as it sends them, then explained with their parameters.
    const { db: logged, captured } = recordingDb(t.database.pool);
    const queries = [
      String(alice.user.id),
      alice.account,
      alice.phone.slice(0, 5),
      'sr',
      's',
      REAL_NAME,
      CARD,
      ADDRESS,
      deposit.reference.slice(0, 4),
      String(deposit.id),
      '%_\\',
    ];
    for (const q of queries) await searchEverything(logged, q, { money: true });
    expect(captured.length).toBeGreaterThan(queries.length * 4);

    await expectIndexedPlans(t.database.url, captured, ({ query, plan, what }) => {
      // A beginning is read as a range of a text_pattern_ops index, in its order, stopped by the LIMIT: never
      // every match sorted (which is what a collation other than C would make of a plain ORDER BY).
      if (/ LIKE /i.test(query)) {
        expect(plan, what).toContain('~>=~');
        expect(plan, what).not.toContain('"Node Type":"Sort"');
      }
    });
  });
});

/** The console's mask: 3 leading and 3 trailing characters (at most 8 stars between). */
function maskOf(value: string) {
  return `${value.slice(0, 3)}${'*'.repeat(Math.min(value.length - 6, 8))}${value.slice(-3)}`;
}
