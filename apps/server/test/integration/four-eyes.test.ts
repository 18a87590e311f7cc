import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { balancesOf, userAccount } from '../../src/modules/ledger/index.ts';
import { operators } from '../../src/modules/operators/operators.table.ts';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { call, createTestApp, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';
import { intentKey, operatorCall, pngImage, uploadProof } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  operatorCall(t.admin, as, method, url, payload);
const idOf = async (name: string) =>
  (await t.database.db.select({ id: operators.id }).from(operators).where(eq(operators.name, name)))[0]!.id;
const available = async (userId: number) =>
  (await balancesOf(t.database.db, [userAccount(userId, 'available')])).get(userAccount(userId, 'available'))!;
const disable = async (name: string) =>
  expect((await op('alice', 'POST', `/admin/operators/${await idOf(name)}/disable`, { reason: 'left' })).code).toBe(
    200,
  );

async function recharge(token: string, amount: string) {
  const channels = (await call(t.app, 'GET', '/api/user/recharge', { token })).data.channels;
  const submitted = await call(t.app, 'POST', '/api/user/dorecharge', {
    token,
    body: {
      channel_id: String(channels[0].id),
      amount,
      payer_name: 'Payer',
      transfer_note: '',
      upload_id: await uploadProof(t.app, token, await pngImage(Math.floor(Math.random() * 1000))),
      key: intentKey(),
    },
  });
  expect(submitted.code).toBe(200);
  return submitted.data.id as number;
}

describe('a first approval counts only while its operator is active', () => {
  it('a deposit: the approval of an operator disabled since does not count, the next one is the first', async () => {
    const u = await registerUser(t.app, t.database);
    const id = await recharge(u.token, '12000');
    const approve = (as: TestOperator) => op(as, 'POST', `/admin/deposits/${id}/approve`, { reason: 'statement' });
    const held = async () =>
      (await op('alice', 'GET', '/admin/deposits?status=3&size=200')).data.items.find(
        (d: { id: number }) => d.id === id,
      );
    expect((await approve('fay')).data.status).toBe(3);
    expect(await held()).toMatchObject({ first_approved_by: 'fay' });
    await disable('fay');
    expect((await approve('finn')).data.status).toBe(3);
    expect(await held()).toMatchObject({ first_approved_by: 'finn' });
    expect(await available(u.user.id)).toBe(0n);
    const rows = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `deposit:${id}`));
    expect(rows.map((r) => [r.action, r.operator, r.details.lapsed ?? null])).toEqual([
      ['deposit.approve_first', 'fay', null],
      ['deposit.approve_first', 'finn', 'fay'],
    ]);
    const second = await approve('alice');
    expect(second.data.status).toBe(1);
    expect(await available(u.user.id)).toBe(1_200_000n);
  });

  it('an adjustment held for a second operator cannot be approved once its maker is disabled', async () => {
    const { user } = await registerUser(t.app, t.database);
    const held = await op('finn', 'POST', `/admin/users/${user.id}/adjustments`, {
      direction: 'credit',
      amount: '20000',
      category: 'goodwill',
      reason: 'ticket 5120',
    });
    expect(held.data.status).toBe('pending');
    await disable('finn');
    const approved = await op('bob', 'POST', `/admin/adjustments/${held.data.id}/approve`, { reason: 'looks right' });
    expect(approved.key).toBe('first_approval_lapsed');
    expect(await available(user.id)).toBe(0n);
    const refused = await op('bob', 'POST', `/admin/adjustments/${held.data.id}/refuse`, { reason: 'maker left' });
    expect(refused.data.status).toBe('refused');
  });
});
