import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { BULK_MAX_ITEMS } from '@app/contracts';
import { balancesOf, userAccount } from '../../src/modules/ledger/index.ts';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';
import { kycSubmissions } from '../../src/modules/kyc/kyc.table.ts';
import { call, createTestApp, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';
import { operatorCall, submitDeposit } from './wallet-helpers.ts';

process.env.KYC_KEY = Buffer.alloc(32, 7).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  operatorCall(t.admin, as, method, url, payload);
type AuditRow = { operator: string; action: string; target: string; reason: string; details: Record<string, unknown> };
const auditOf = async (action: string, target?: string) =>
  ((await op('alice', 'GET', `/admin/audit?action=${encodeURIComponent(action)}&size=500`)).data.items as AuditRow[])
    .filter((a) => target === undefined || a.target === target)
    .reverse();
const available = async (userId: number) =>
  (await balancesOf(t.database.db, [userAccount(userId, 'available')])).get(userAccount(userId, 'available'))!;
const depositStatus = async (token: string, id: number) =>
  (await call(t.app, 'GET', `/api/user/recharge_record?id=${id}`, { token })).data.items[0] as {
    status: number;
    reason: string | null;
  };

describe('bulk decisions on the deposit queue', () => {
  it('refuses three deposits with one reason, each its own audited act the user sees; a bad id is its own refusal', async () => {
    const a = await submitDeposit(t, '100');
    const b = await submitDeposit(t, '200');
    const c = await submitDeposit(t, '300');
    const answer = await op('fay', 'POST', '/admin/deposits/bulk/refuse', {
      // A form sends the ids comma-separated; 999999999 is no deposit; c twice counts once.
      ids: `${a.id},999999999,${b.id},${c.id},${c.id}`,
      reason: 'Transfer not received',
    });
    expect(answer.code).toBe(200);
    expect(answer.data).toMatchObject({ done: 3, held: 0, refused: 1 });
    expect(
      answer.data.items.map((i: { id: number; outcome: string; key: string }) => [i.id, i.outcome, i.key]),
    ).toEqual([
      [a.id, 'done', 'operation_succeeded'],
      [999999999, 'refused', 'no_data'],
      [b.id, 'done', 'operation_succeeded'],
      [c.id, 'done', 'operation_succeeded'],
    ]);
    expect(answer.data.items[1].msg.length).toBeGreaterThan(0);

    for (const d of [a, b, c]) {
      expect(await depositStatus(d.user.token, d.id)).toMatchObject({ status: 2, reason: 'Transfer not received' });
      const rows = await auditOf('deposit.refuse', `deposit:${d.id}`);
      expect(rows.map((r) => [r.operator, r.reason])).toEqual([['fay', 'Transfer not received']]);
    }
    const refusedRow = (await auditOf('operator.refused')).filter(
      (r) => (r.details.params as { id?: number } | undefined)?.id === 999999999,
    );
    expect(refusedRow).toHaveLength(1);
    expect(refusedRow[0]).toMatchObject({
      operator: 'fay',
      reason: 'no_data',
      target: 'route:POST /admin/deposits/bulk/refuse',
      details: { operator_reason: 'Transfer not received' },
    });

    // Again: every one is already decided, each says so, nothing is refused twice.
    const again = await op('fay', 'POST', '/admin/deposits/bulk/refuse', { ids: [a.id, b.id], reason: 'Once more' });
    expect(again.data).toMatchObject({ done: 0, held: 0, refused: 2 });
    expect(again.data.items.map((i: { key: string }) => i.key)).toEqual([
      'review_already_decided',
      'review_already_decided',
    ]);
    expect(await auditOf('deposit.refuse', `deposit:${a.id}`)).toHaveLength(1);
  });

  it('keeps four-eyes: a bulk approve credits the small deposit and only records a first approval of the large one', async () => {
    const small = await submitDeposit(t, '500');
    const large = await submitDeposit(t, '12000');
    const first = await op('fay', 'POST', '/admin/deposits/bulk/approve', {
      ids: `${small.id},${large.id}`,
      reason: 'Matched the bank statement',
    });
    expect(first.data).toMatchObject({ done: 1, held: 1, refused: 0 });
    expect(first.data.items.map((i: { outcome: string; key: string }) => [i.outcome, i.key])).toEqual([
      ['done', 'operation_succeeded'],
      ['held', 'change_proposed'],
    ]);
    expect(await available(small.user.user.id)).toBe(50_000n);
    expect(await available(large.user.user.id)).toBe(0n);
    expect((await auditOf('deposit.approve_first', `deposit:${large.id}`)).map((r) => r.operator)).toEqual(['fay']);

    // The same operator cannot be the second: refused for that item, still nothing credited.
    const self = await op('fay', 'POST', '/admin/deposits/bulk/approve', { ids: String(large.id), reason: 'again' });
    expect(self.data.items[0]).toMatchObject({ outcome: 'refused', key: 'second_operator_required' });
    expect(await available(large.user.user.id)).toBe(0n);

    // A different operator's bulk approve completes it.
    const second = await op('finn', 'POST', '/admin/deposits/bulk/approve', {
      ids: String(large.id),
      reason: 'Second look, fine',
    });
    expect(second.data).toMatchObject({ done: 1, held: 0, refused: 0 });
    expect(await available(large.user.user.id)).toBe(1_200_000n);
    expect(await auditOf('deposit.approve', `deposit:${large.id}`)).toMatchObject([
      { operator: 'finn', reason: 'Second look, fine', details: { first_approval: 'fay' } },
    ]);
  });

  it('refuses the request whole, deciding nothing, past the cap, without a reason, or without the permission', async () => {
    const d = await submitDeposit(t, '150');
    const tooMany = Array.from({ length: BULK_MAX_ITEMS }, (_, i) => 900_000_000 + i);
    const over = await op('fay', 'POST', '/admin/deposits/bulk/refuse', {
      ids: [d.id, ...tooMany].join(','),
      reason: 'Too many at once',
    });
    expect(over).toMatchObject({ status: 400, key: 'invalid_request', data: { field: 'ids' } });
    // Exactly the cap is taken.
    const atCap = await op('fay', 'POST', '/admin/deposits/bulk/refuse', {
      ids: tooMany.join(','),
      reason: 'At the cap',
    });
    expect(atCap.data).toMatchObject({ done: 0, refused: BULK_MAX_ITEMS });

    expect((await op('fay', 'POST', '/admin/deposits/bulk/refuse', { ids: String(d.id) })).code).not.toBe(200);
    expect((await op('fay', 'POST', '/admin/deposits/bulk/refuse', { ids: String(d.id), reason: 'no' })).code).not.toBe(
      200,
    );
    expect((await op('fay', 'POST', '/admin/deposits/bulk/refuse', { ids: 'abc', reason: 'bad ids' })).code).not.toBe(
      200,
    );
    expect((await op('fay', 'POST', '/admin/deposits/bulk/refuse', { ids: '', reason: 'no ids' })).code).not.toBe(200);
    // Support and content operators may not review money.
    for (const who of ['sam', 'cole'] as const) {
      const denied = await op(who, 'POST', '/admin/deposits/bulk/approve', { ids: String(d.id), reason: 'try it' });
      expect(denied).toMatchObject({ status: 403, key: 'permission_denied' });
    }
    expect((await op('sam', 'POST', '/admin/withdrawals/bulk/refuse', { ids: '1', reason: 'try it' })).status).toBe(
      403,
    );
    expect(await depositStatus(d.user.token, d.id)).toMatchObject({ status: 3 });
    expect(await auditOf('deposit.refuse', `deposit:${d.id}`)).toEqual([]);
  });

  it('exports only the selected rows, audited with their ids', async () => {
    const a = await submitDeposit(t, '110');
    const b = await submitDeposit(t, '120');
    await submitDeposit(t, '130');
    const response = await t.admin.inject({
      method: 'GET',
      url: `/admin/deposits/export?ids=${a.id},${b.id}&reason=${encodeURIComponent('selected for the bank')}`,
      headers: { authorization: 'Bearer opk_test_fay_0123456789abcdefghij' },
    });
    expect(response.headers['content-type']).toContain('text/csv');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(
      lines
        .slice(1)
        .map((l) => Number(l.split(',')[0]))
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const [row] = (await auditOf('export.deposits')).slice(-1);
    expect(row).toMatchObject({ operator: 'fay', reason: 'selected for the bank', details: { rows: 2 } });
    expect((row!.details.filters as { ids: number[] }).ids).toEqual([a.id, b.id]);
  });
});

let serial = 500;
const freshId = () => {
  const first17 = `11010119850412${String(serial++).padStart(3, '0')}`;
  return first17 + cnIdCheckChar(first17);
};

describe('bulk decisions on the real-name queue', () => {
  it('refuses many requests with one reason, each audited and told to its user', async () => {
    const ids: number[] = [];
    const users = [];
    for (let i = 0; i < 2; i++) {
      const u = await registerUser(t.app, t.database);
      const sent = await call(t.app, 'POST', '/api/user/certification', {
        token: u.token,
        body: { real_name: '王五', id_number: freshId() },
      });
      expect(sent.code).toBe(200);
      const [row] = await t.database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, u.user.id));
      ids.push(row!.id);
      users.push(u);
    }
    expect(
      (await op('fay', 'POST', '/admin/kyc/bulk/refuse', { ids: ids.join(','), reason: 'Photo blurred' })).status,
    ).toBe(403);
    const answer = await op('sam', 'POST', '/admin/kyc/bulk/refuse', { ids: ids.join(','), reason: 'Photo blurred' });
    expect(answer.data).toMatchObject({ done: 2, held: 0, refused: 0 });
    for (const id of ids)
      expect((await auditOf('kyc.refuse', `kyc:${id}`)).map((r) => [r.operator, r.reason])).toEqual([
        ['sam', 'Photo blurred'],
      ]);
    const listed = await op('sam', 'GET', `/admin/kyc?state=refused&user=${users[0]!.user.id}`);
    expect(listed.data.items[0]).toMatchObject({ state: 'refused', reason: 'Photo blurred' });
  });
});

describe('saved views', () => {
  it("keeps each operator's own named filters per queue, replaced by name, refused to who cannot work the queue", async () => {
    const saved = await op('fay', 'POST', '/admin/saved-views', {
      queue: 'deposits',
      name: 'Large ones',
      query: 'status=3&min=5000',
    });
    expect(saved.data).toMatchObject({ queue: 'deposits', name: 'Large ones', query: 'status=3&min=5000' });
    const replaced = await op('fay', 'POST', '/admin/saved-views', {
      queue: 'deposits',
      name: 'Large ones',
      query: 'status=3&min=8000',
    });
    expect(replaced.data.id).toBe(saved.data.id);
    await op('fay', 'POST', '/admin/saved-views', { queue: 'withdrawals', name: 'Today', query: 'status=3' });

    const mine = await op('fay', 'GET', '/admin/saved-views?queue=deposits');
    expect(mine.data.items.map((v: { name: string; query: string }) => [v.name, v.query])).toEqual([
      ['Large ones', 'status=3&min=8000'],
    ]);
    // Another operator sees none of them and cannot delete them.
    expect((await op('finn', 'GET', '/admin/saved-views?queue=deposits')).data.items).toEqual([]);
    expect((await op('finn', 'POST', `/admin/saved-views/${saved.data.id}/delete`)).key).toBe('no_data');
    // A support operator does not work the deposit queue.
    expect((await op('sam', 'POST', '/admin/saved-views', { queue: 'deposits', name: 'x', query: '' })).key).toBe(
      'permission_denied',
    );
    expect((await op('sam', 'POST', '/admin/saved-views', { queue: 'kyc', name: 'Pending', query: '' })).code).toBe(
      200,
    );

    expect((await op('fay', 'POST', `/admin/saved-views/${saved.data.id}/delete`)).key).toBe('deleted');
    expect((await op('fay', 'GET', '/admin/saved-views?queue=deposits')).data.items).toEqual([]);
  });
});
