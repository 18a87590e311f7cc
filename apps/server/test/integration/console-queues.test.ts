import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';
import { kycSubmissions } from '../../src/modules/kyc/kyc.table.ts';
import { products } from '../../src/modules/market/market.table.ts';
import { contractOrders } from '../../src/modules/orders/orders.table.ts';
import { deposits, paymentMethods, withdrawals } from '../../src/modules/wallet/wallet.table.ts';
import {
  call,
  createTestApp,
  latestCode,
  operatorHeaders,
  registerUser,
  uniquePhone,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';

process.env.KYC_KEY = Buffer.alloc(32, 7).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = async (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) => {
  const response = await t.admin.inject({ method, url, headers: operatorHeaders(as), ...(payload ? { payload } : {}) });
  return { status: response.statusCode, ...response.json() };
};
const raw = (as: TestOperator, url: string) => t.admin.inject({ method: 'GET', url, headers: operatorHeaders(as) });
const auditOf = async (action: string) =>
  (await op('alice', 'GET', `/admin/audit?action=${encodeURIComponent(action)}&size=500`)).data.items as {
    operator: string;
    action: string;
    target: string;
    reason: string;
    details: Record<string, unknown>;
  }[];

let serial = 300;
const freshId = () => {
  const first17 = `11010119900307${String(serial++).padStart(3, '0')}`;
  return first17 + cnIdCheckChar(first17);
};

describe('real-name queue', () => {
  it('shows the document number in clear only to kyc.review, auditing each view with its reason', async () => {
    const u = await registerUser(t.app, t.database);
    const number = freshId();
    const sent = await call(t.app, 'POST', '/api/user/certification', {
      token: u.token,
      body: { real_name: '李四', id_number: number },
    });
    expect(sent.code).toBe(200);
    const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.user.id));
    const id = row!.id;

    const list = await op('sam', 'GET', `/admin/kyc?state=pending&user=${u.user.id}`);
    expect(list.data.total).toBe(1);
    expect(list.data.items[0].id_number_masked).not.toBe(number);

    // A content operator and a finance reviewer are refused; nothing is audited for them.
    expect((await op('cole', 'GET', `/admin/kyc/${id}/document?reason=curious`)).status).toBe(403);
    expect((await op('fay', 'GET', `/admin/kyc/${id}/document?reason=curious`)).status).toBe(403);
    // A reason is required.
    expect((await op('sam', 'GET', `/admin/kyc/${id}/document`)).code).not.toBe(200);

    const before = (await auditOf('kyc.document.read')).length;
    const view = await op('sam', 'GET', `/admin/kyc/${id}/document?reason=${encodeURIComponent('matching the photo')}`);
    expect(view.data).toEqual({ id, doc_type: 'cn_id', id_number: number });
    await op('sam', 'GET', `/admin/kyc/${id}/document?reason=${encodeURIComponent('second look')}`);
    const reads = (await auditOf('kyc.document.read')).filter((a) => a.target === `kyc:${id}`);
    expect(reads.length - 0).toBe(2);
    expect((await auditOf('kyc.document.read')).length).toBe(before + 2);
    expect(reads.map((a) => [a.operator, a.reason])).toEqual([
      ['sam', 'second look'],
      ['sam', 'matching the photo'],
    ]);
    // The number itself never reaches the audit log.
    expect(JSON.stringify(reads)).not.toContain(number);

    expect((await op('cole', 'POST', `/admin/kyc/${id}/approve`, { reason: 'looks fine' })).status).toBe(403);
    const approved = await op('sam', 'POST', `/admin/kyc/${id}/approve`, { reason: 'document matches' });
    expect(approved.data.state).toBe('approved');
    expect((await op('sam', 'GET', `/admin/kyc?state=pending&user=${u.user.id}`)).data.total).toBe(0);
  });
});

describe('support conversations', () => {
  it('queues by open, assigned and closed; assign, reply and close are audited; the user sees the reply', async () => {
    const u = await registerUser(t.app, t.database);
    await call(t.app, 'POST', '/api/user/service', { token: u.token, body: { body: 'Where is my deposit?' } });
    const open = await op('sam', 'GET', '/admin/support/conversations?state=open&size=200');
    const conv = open.data.items.find((c: { user_id: number }) => c.user_id === u.user.id);
    expect(conv).toMatchObject({ state: 'open', awaiting_answer: true, account: u.account, assigned_to: null });

    expect((await op('cole', 'GET', '/admin/support/conversations')).status).toBe(403);
    // Only an operator who may answer can be given a conversation.
    expect(
      (
        await op('sam', 'POST', `/admin/support/conversations/${conv.id}/assign`, {
          operator: 'cole',
          reason: 'take it',
        })
      ).key,
    ).toBe('permission_denied');
    const assigned = await op('sam', 'POST', `/admin/support/conversations/${conv.id}/assign`, {
      operator: 'alice',
      reason: 'deposit question for admin',
    });
    expect(assigned.data).toMatchObject({ state: 'assigned', assigned_to: 'alice' });
    const mineOnly = await op('alice', 'GET', '/admin/support/conversations?state=assigned&assignee=alice');
    expect(mineOnly.data.items.map((c: { id: number }) => c.id)).toContain(conv.id);

    await op('alice', 'POST', `/admin/support/conversations/${conv.id}/reply`, { body: 'It was credited at 10:02' });
    const seen = await call(t.app, 'GET', '/api/user/service', { token: u.token });
    expect(seen.data.items.map((m: { from: string; body: string }) => [m.from, m.body])).toEqual([
      ['user', 'Where is my deposit?'],
      ['operator', 'It was credited at 10:02'],
    ]);

    const closed = await op('alice', 'POST', `/admin/support/conversations/${conv.id}/close`, { reason: 'answered' });
    expect(closed.data.state).toBe('closed');
    const audit = (await auditOf('support.')).filter((a) => a.target === `support:${conv.id}`);
    expect(audit.map((a) => a.action)).toEqual(['support.close', 'support.assign']);
    expect(audit[1]!.details).toEqual({
      before: { assigned_to: null, state: 'open' },
      after: { assigned_to: 'alice', state: 'open' },
    });

    // The user writes again: the conversation is open again, still with alice.
    await call(t.app, 'POST', '/api/user/service', { token: u.token, body: { body: 'Thanks, one more thing' } });
    const again = await op('sam', 'GET', `/admin/support/conversations/${conv.id}`);
    expect(again.data.conversation).toMatchObject({ state: 'assigned', assigned_to: 'alice', awaiting_answer: true });
    expect(again.data.messages).toHaveLength(3);
  });

  it('lets a logged-out person write after proving a phone by SMS code; the operator sees whose phone it is', async () => {
    const u = await registerUser(t.app, t.database);
    const phone = u.phone;
    const sent = await call(t.app, 'POST', '/api/login/sendcode', { body: { phone, purpose: 'support' } });
    expect(sent.key).toBe('code_sent');
    const code = await latestCode(t.database, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    // A wrong code is counted and refused; the right one still works after it.
    expect((await call(t.app, 'POST', '/api/guest/service/verify', { body: { phone, code: wrong } })).key).toBe(
      'wrong_verification_code',
    );
    const verified = await call(t.app, 'POST', '/api/guest/service/verify', { body: { phone, code } });
    expect(verified.code).toBe(200);
    const ticket = verified.data.ticket as string;
    // The code is spent.
    expect((await call(t.app, 'POST', '/api/guest/service/verify', { body: { phone, code } })).code).not.toBe(200);

    const guest = (method: 'GET' | 'POST', body?: object, withTicket = ticket) =>
      t.app
        .inject({
          method,
          url: '/api/guest/service',
          headers: { 'x-support-ticket': withTicket },
          ...(body ? { payload: body } : {}),
        })
        .then((r) => r.json());
    expect((await guest('GET', undefined, 'sct_forged')).key).toBe('support_ticket_expired');
    expect((await guest('POST', { body: 'I cannot log in, reset please' })).key).toBe('support_sent');

    const queue = await op('sam', 'GET', '/admin/support/conversations?state=open&size=200');
    const conv = queue.data.items.find((c: { phone: string | null }) => c.phone === phone);
    expect(conv).toMatchObject({
      user_id: null,
      phone_verified: true,
      matched_user: { id: u.user.id, account: u.account },
      last: 'I cannot log in, reset please',
    });
    await op('sam', 'POST', `/admin/support/conversations/${conv.id}/reply`, { body: 'We opened a reset for you' });
    const thread = await guest('GET');
    expect(thread.data.items.map((m: { from: string }) => m.from)).toEqual(['user', 'operator']);

    // A phone that is nobody's account gets a conversation too, with no matched user.
    const stranger = uniquePhone();
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone: stranger, purpose: 'support' } });
    const strangerTicket = await call(t.app, 'POST', '/api/guest/service/verify', {
      body: { phone: stranger, code: await latestCode(t.database, stranger) },
    });
    await guest('POST', { body: 'hello' }, strangerTicket.data.ticket);
    const all = await op('sam', 'GET', '/admin/support/conversations?size=200');
    expect(all.data.items.find((c: { phone: string | null }) => c.phone === stranger).matched_user).toBeNull();
  });
});

describe('searches', () => {
  it('finds deposits by reference, user, amount and date range, and status', async () => {
    const a = await registerUser(t.app, t.database);
    const b = await registerUser(t.app, t.database);
    const day = (iso: string) => new Date(iso);
    const rows = await t.database.db
      .insert(deposits)
      .values([
        {
          userId: a.user.id,
          status: 3,
          channelKind: 'bank',
          channelName: 'B',
          amount: 150_00n,
          referenceCode: `RA${a.user.id}1`,
          createdAt: day('2026-03-01T10:00:00Z'),
        },
        {
          userId: a.user.id,
          status: 1,
          reviewedBy: 'fay',
          reviewedAt: day('2026-03-05T11:00:00Z'),
          creditedAt: day('2026-03-05T11:00:00Z'),
          channelKind: 'bank',
          channelName: 'B',
          amount: 5_000_00n,
          referenceCode: `RA${a.user.id}2`,
          createdAt: day('2026-03-05T10:00:00Z'),
        },
        {
          userId: b.user.id,
          status: 2,
          reviewedBy: 'fay',
          reviewedAt: day('2026-03-09T11:00:00Z'),
          reason: 'no transfer',
          channelKind: 'bank',
          channelName: 'B',
          amount: 900_00n,
          referenceCode: `RB${b.user.id}1`,
          createdAt: day('2026-03-09T10:00:00Z'),
        },
      ])
      .returning({ id: deposits.id });
    const ids = (q: string) =>
      op('fay', 'GET', `/admin/deposits?${q}`).then((r) => r.data.items.map((d: { id: number }) => d.id));
    const [d1, d2, d3] = rows.map((r) => r.id);
    expect(await ids(`reference=ra${a.user.id}2`)).toEqual([d2]);
    expect(await ids(`user=${a.user.account}`)).toEqual([d2, d1]);
    expect(await ids(`user=${b.user.id}`)).toEqual([d3]);
    const since = Math.floor(Date.parse('2026-03-04T00:00:00Z') / 1000);
    const until = Math.floor(Date.parse('2026-03-10T00:00:00Z') / 1000);
    expect(await ids(`from=${since}&to=${until}&min=800`)).toEqual([d3, d2]);
    expect(await ids(`from=${since}&to=${until}&min=800&max=1000`)).toEqual([d3]);
    expect(await ids(`user=${a.user.id}&status=3`)).toEqual([d1]);
    const page = await op('fay', 'GET', `/admin/deposits?user=${a.user.id}&size=1&page=2`);
    expect(page.data).toMatchObject({ total: 2, page: 2 });
    expect(page.data.items.map((d: { id: number }) => d.id)).toEqual([d1]);
    // Bad filters are refused with a message, not ignored.
    expect((await op('fay', 'GET', '/admin/deposits?min=abc')).key).toBe('invalid_request');
    expect((await op('fay', 'GET', '/admin/deposits?min=10&max=5')).key).toBe('invalid_request');
    expect((await op('cole', 'GET', '/admin/deposits')).status).toBe(403);
  });

  it('finds withdrawals and shows the destination with its binding date, holds and recent security changes', async () => {
    const u = await registerUser(t.app, t.database);
    const [method] = await t.database.db
      .insert(paymentMethods)
      .values({
        userId: u.user.id,
        kind: 'bank',
        account: `62220200${u.user.id}`.padEnd(16, '7'),
        holder: 'Li Si',
        bankName: 'ICBC',
      })
      .returning();
    const [w] = await t.database.db
      .insert(withdrawals)
      .values({
        userId: u.user.id,
        methodId: method!.id,
        kind: 'bank',
        destination: 'ICBC ****7777',
        amount: 300_00n,
        fee: 3_00n,
        received: 297_00n,
      })
      .returning();
    const found = await op('fay', 'GET', `/admin/withdrawals?destination=62220200${u.user.id}&status=3`);
    expect(found.data.items.map((x: { id: number }) => x.id)).toEqual([w!.id]);
    expect((await op('fay', 'GET', `/admin/withdrawals?user=${u.user.id}&min=301`)).data.total).toBe(0);

    const detail = await op('fay', 'GET', `/admin/withdrawals/${w!.id}`);
    expect(detail.data.bound_at).toBe(Math.floor(method!.createdAt.getTime() / 1000));
    expect(detail.data.withdrawal.pay_to.account).toBe(method!.account);
    // Bound just now: the new-destination hold runs; the binding is a security change of the last 30 days.
    expect(detail.data.holds.map((h: { kind: string }) => h.kind)).toContain('new_destination');
    expect(detail.data.security_changes[0]).toMatchObject({ kind: 'method_added' });
    expect((await op('sam', 'GET', `/admin/withdrawals/${w!.id}`)).status).toBe(403);
  });

  it('weighs a withdrawal against the last deposit: trading since it, and the verified name beside the holder', async () => {
    const u = await registerUser(t.app, t.database);
    const db = t.database.db;
    const [method] = await db
      .insert(paymentMethods)
      .values({ userId: u.user.id, kind: 'bank', account: `62220300${u.user.id}`.padEnd(16, '1'), holder: 'Wang Wu' })
      .returning();
    const [w] = await db
      .insert(withdrawals)
      .values({
        userId: u.user.id,
        methodId: method!.id,
        kind: 'bank',
        destination: 'ICBC ****1111',
        amount: 500_00n,
        fee: 5_00n,
        received: 495_00n,
      })
      .returning();
    const url = `/admin/withdrawals/${w!.id}`;
    // No deposit and no trading yet; not verified.
    expect((await op('fay', 'GET', url)).data).toMatchObject({
      real_name: null,
      since_last_deposit: { deposit: null, orders: 0, staked: '0.00', net: '0.00' },
    });

    const [product] = await db.select().from(products).limit(1);
    const order = {
      userId: u.user.id,
      productId: product!.id,
      direction: 'up',
      stake: 100_00n,
      fee: 1_00n,
      seconds: 60,
      payoutBp: 8000,
      lossBp: 10000,
      feeBp: 100,
      openPrice: 100n,
      openTime: 1_000_000,
      settleTime: 1_000_060,
    };
    const at = (iso: string) => new Date(iso);
    // An order before the last credited deposit is not counted; a refused deposit after it is not a deposit.
    await db.insert(contractOrders).values({ ...order, createdAt: at('2026-03-01T00:00:00Z') });
    const [credited] = await db
      .insert(deposits)
      .values([
        {
          userId: u.user.id,
          status: 1,
          channelKind: 'bank',
          channelName: 'B',
          amount: 600_00n,
          referenceCode: `TS${u.user.id}1`,
          createdAt: at('2026-03-02T00:00:00Z'),
        },
        {
          userId: u.user.id,
          status: 2,
          reason: 'no transfer found',
          channelKind: 'bank',
          channelName: 'B',
          amount: 900_00n,
          referenceCode: `TS${u.user.id}2`,
          createdAt: at('2026-03-03T00:00:00Z'),
        },
      ])
      .returning();
    await db.insert(contractOrders).values([
      {
        ...order,
        status: 'settled',
        result: 'win',
        payout: 180_00n,
        settlePrice: 101n,
        createdAt: at('2026-03-04T00:00:00Z'),
      },
      { ...order, mode: 'practice', createdAt: at('2026-03-04T00:00:00Z') },
    ]);
    await db.insert(kycSubmissions).values({
      userId: u.user.id,
      realName: 'Wang Wu',
      docType: 'cn_id',
      docCipher: Buffer.alloc(32, 1),
      docHash: `th${u.user.id}`,
      docMasked: '1101**********1234',
      state: 'approved',
      decidedBy: 'fay',
      decidedAt: new Date(),
    });

    expect((await op('fay', 'GET', url)).data).toMatchObject({
      real_name: 'Wang Wu',
      since_last_deposit: {
        deposit: { id: credited!.id, amount: '600.00', at: Math.floor(Date.parse('2026-03-02T00:00:00Z') / 1000) },
        // The one real order after the deposit: 100 staked + 1 fee, won 180 back (net 79).
        orders: 1,
        staked: '101.00',
        net: '79.00',
      },
    });
  });

  it('finds orders by user, product, status and date range', async () => {
    const u = await registerUser(t.app, t.database);
    const [product] = await t.database.db.select().from(products).limit(1);
    const base = {
      userId: u.user.id,
      productId: product!.id,
      direction: 'up',
      stake: 10_00n,
      fee: 10n,
      seconds: 60,
      payoutBp: 8000,
      lossBp: 10000,
      feeBp: 100,
      openPrice: 100n,
    };
    const [o1, o2] = await t.database.db
      .insert(contractOrders)
      .values([
        { ...base, openTime: 1_000_000, settleTime: 1_000_060, createdAt: new Date('2026-02-01T00:00:00Z') },
        {
          ...base,
          openTime: 2_000_000,
          settleTime: 2_000_060,
          status: 'settled',
          result: 'win',
          payout: 18_00n,
          settlePrice: 101n,
          createdAt: new Date('2026-02-10T00:00:00Z'),
        },
      ])
      .returning({ id: contractOrders.id });
    const ids = (q: string) =>
      op('sam', 'GET', `/admin/orders?user=${u.user.id}&${q}`).then((r) =>
        r.data.items.map((o: { id: number }) => o.id),
      );
    expect(await ids('')).toEqual([o2!.id, o1!.id]);
    expect(await ids('status=settled')).toEqual([o2!.id]);
    expect(await ids(`product=${encodeURIComponent(product!.symbol.toLowerCase())}`)).toEqual([o2!.id, o1!.id]);
    expect(await ids(`to=${Math.floor(Date.parse('2026-02-05T00:00:00Z') / 1000)}`)).toEqual([o1!.id]);
    expect(await ids('product=NOPE')).toEqual([]);
    expect((await op('cole', 'GET', '/admin/orders')).status).toBe(403);
  });

  it('filters the audit log by operator, action family, target kind and time, paged', async () => {
    const u = await registerUser(t.app, t.database);
    await op('sam', 'POST', `/admin/users/${u.user.id}/lock`, { reason: 'suspicious logins' });
    await op('sam', 'POST', `/admin/users/${u.user.id}/unlock`, { reason: 'owner confirmed' });
    const list = await op('alice', 'GET', `/admin/audit?operator=sam&action=user.&target=user:${u.user.id}`);
    expect(list.data.items.map((a: { action: string }) => a.action)).toEqual(['user.unlock', 'user.lock']);
    expect(list.data.total).toBe(2);
    const future = Math.floor(Date.now() / 1000) + 3600;
    expect((await op('alice', 'GET', `/admin/audit?operator=sam&from=${future}`)).data.total).toBe(0);
    expect((await op('alice', 'GET', '/admin/audit?target=user:&size=1')).data.items).toHaveLength(1);
    expect((await op('sam', 'GET', '/admin/audit')).status).toBe(403);
  });
});

describe('CSV exports', () => {
  it('every console list exports as CSV with a BOM, CRLF ends and the formula guard; each export is audited', async () => {
    const u = await registerUser(t.app, t.database, { account: `csv${process.pid % 10000}` });
    await t.database.db.insert(deposits).values({
      userId: u.user.id,
      status: 3,
      channelKind: 'bank',
      channelName: 'B',
      amount: 12_00n,
      referenceCode: `CSV${u.user.id}`,
      payerName: '=HYPERLINK("http://evil","x")',
      transferNote: '@SUM(1+1)',
    });
    const reason = encodeURIComponent('monthly reconciliation');
    const lists: [TestOperator, string, string, string][] = [
      [
        'fay',
        'deposits',
        `/admin/deposits/export?user=${u.user.id}&reason=${reason}`,
        'id,reference_code,user_id,account,status,amount,channel,payer_name,transfer_note,first_approved_by,reviewed_by,reason,submitted_utc',
      ],
      [
        'fay',
        'withdrawals',
        `/admin/withdrawals/export?reason=${reason}`,
        'id,user_id,account,status,amount,fee,received,kind,pay_to,holder,first_approved_by,reason,submitted_utc',
      ],
      [
        'sam',
        'orders',
        `/admin/orders/export?reason=${reason}`,
        'id,user_id,account,product,direction,mode,amount,fee,seconds,open_price,settle_price,status,result,payout,created_utc',
      ],
      [
        'sam',
        'users',
        `/admin/users/export?q=${u.account}&reason=${reason}`,
        'id,account,phone,real_name_state,locked,vip,inviter_id,registered_utc',
      ],
      [
        'alice',
        'audit',
        `/admin/audit/export?reason=${reason}`,
        'id,time_utc,operator,action,target,reason,details,ip,credential,token_id',
      ],
      [
        'sam',
        'kyc',
        `/admin/kyc/export?reason=${reason}`,
        'id,user_id,account,real_name,doc_type,id_number_masked,state,reason,decided_by,submitted_utc,decided_utc',
      ],
      [
        'sam',
        'support',
        `/admin/support/conversations/export?reason=${reason}`,
        'id,state,assigned_to,user_id,account,phone,phone_verified,matched_user_id,awaiting_answer,last_message,last_at_utc,created_utc',
      ],
    ];
    for (const [who, list, url, header] of lists) {
      const response = await raw(who, url);
      expect(response.statusCode, list).toBe(200);
      expect(response.body.slice(1).split('\r\n')[0], list).toBe(header);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain(`${list}-`);
      expect(response.body.startsWith('\ufeff'), list).toBe(true);
      expect(response.body.endsWith('\r\n'), list).toBe(true);
      expect(response.body.replace(/\r\n/g, '').includes('\n'), list).toBe(false);
      // A content operator may export none of them; no reason, no export.
      expect((await raw('cole', url)).statusCode, list).toBe(403);
      expect((await raw(who, url.replace(/[?&]reason=[^&]*/, ''))).statusCode, list).toBe(400);
    }
    const csv = (await raw('fay', lists[0]![2])).body;
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(csv).toContain("'@SUM(1+1)");
    expect(csv).toContain(`,${u.account},`);
    const users = (await raw('sam', lists[3]![2])).body.split('\r\n');
    expect(users[1]).toMatch(new RegExp(`^${u.user.id},${u.account},[^,]*,[a-z_]+,no,no,,\\d{4}-\\d\\d-\\d\\dT`));

    const exports = await auditOf('export.');
    for (const [who, list] of lists)
      expect(exports.find((a) => a.action === `export.${list}` && a.operator === who)?.reason).toBe(
        'monthly reconciliation',
      );
    expect(exports.find((a) => a.action === 'export.deposits')!.details).toMatchObject({
      filters: { user: String(u.user.id) },
      rows: 1,
    });
  });
});
