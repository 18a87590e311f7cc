import { afterAll, beforeAll, expect, it } from 'vitest';
import { balancesOf, userAccount, verifyLedger } from '../../src/modules/ledger/index.ts';
import { createTestApp, operatorHeaders, registerUser, type TestApp, type TestOperator } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = async (as: TestOperator, url: string, payload: object) =>
  (await t.admin.inject({ method: 'POST', url, headers: operatorHeaders(as), payload })).json();
const available = async (userId: number) =>
  (await balancesOf(t.database.db, [userAccount(userId, 'available')])).get(userAccount(userId, 'available'))!;

it('a balance adjustment is one balanced journal; above the threshold it waits for a different operator', async () => {
  const { user } = await registerUser(t.app, t.database);
  const adjust = (as: TestOperator, direction: string, amount: string) =>
    op(as, `/admin/users/${user.id}/adjustments`, { direction, amount, category: 'goodwill', reason: 'ticket 4411' });

  // Support may not; finance may.
  expect((await adjust('sam', 'credit', '50')).key).toBe('permission_denied');
  const small = await adjust('fay', 'credit', '50');
  expect(small.data).toMatchObject({ status: 'posted', requested_by: 'fay', decided_by: 'fay', amount: '50.00' });
  expect(await available(user.id)).toBe(5_000n);

  // 20,000.00 U is above the 10,000.00 U threshold: recorded, nothing moves.
  const large = await adjust('fay', 'credit', '20000');
  expect(large.data.status).toBe('pending');
  expect(await available(user.id)).toBe(5_000n);
  expect((await op('fay', `/admin/adjustments/${large.data.id}/approve`, { reason: 'me again' })).key).toBe(
    'second_operator_required',
  );
  const approved = await op('finn', `/admin/adjustments/${large.data.id}/approve`, { reason: 'checked ticket 4411' });
  expect(approved.data).toMatchObject({ status: 'posted', decided_by: 'finn' });
  expect(await available(user.id)).toBe(2_005_000n);
  expect((await op('bob', `/admin/adjustments/${large.data.id}/approve`, { reason: 'twice?' })).key).toBe(
    'review_already_decided',
  );
  expect(await available(user.id)).toBe(2_005_000n);

  // A debit cannot take a balance below zero; refused, it leaves no record behind.
  const poor = (await registerUser(t.app, t.database)).user;
  const debitPoor = await op('fay', `/admin/users/${poor.id}/adjustments`, {
    direction: 'debit',
    amount: '60',
    category: 'correction',
    reason: 'ticket 4412',
  });
  expect(debitPoor.key).toBe('balance_insufficient');
  const debit = await adjust('fay', 'debit', '5');
  expect(debit.data.status).toBe('posted');
  expect(await available(user.id)).toBe(2_004_500n);

  const listed = (
    await t.admin.inject({
      method: 'GET',
      url: `/admin/adjustments?user_id=${user.id}`,
      headers: operatorHeaders('fay'),
    })
  ).json();
  expect(listed.data.items).toHaveLength(3);
  expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
});
