import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp } from '../helpers/test-app.ts';
import { marketTestApp, type MarketHarness } from '../helpers/market-test-app.ts';
import { askWithdrawal, openWithdrawals, operatorCall, SATURDAY_MORNING_SHANGHAI } from './wallet-helpers.ts';

// Bulk decisions on the withdrawal queue (triage, #42). Withdrawals keep opening hours: the clock is a Saturday
// morning in Shanghai, as in wallet.test.ts.

let t: TestApp;
let market: MarketHarness;
beforeAll(async () => {
  ({ t, market } = await marketTestApp({ start: SATURDAY_MORNING_SHANGHAI }));
  await openWithdrawals(t, 'triage test settings');
});
afterAll(async () => {
  await market?.close();
  await t?.close();
});

const balances = async (token: string) =>
  (await call(t.app, 'GET', '/api/user/index', { token })).data.balances as { available: string; frozen: string };
/** A user with a fund password, a bound card and 20,000.00 U, who asks to withdraw `amount`. */
const withdrawal = (amount: string) => askWithdrawal(t, amount);

describe('bulk decisions on the withdrawal queue', () => {
  it('refuses and approves many, each its own act; four-eyes holds the large one for a second operator', async () => {
    const a = await withdrawal('300');
    const b = await withdrawal('400');
    const refused = await operatorCall(t.admin, 'fay', 'POST', '/admin/withdrawals/bulk/refuse', {
      ids: [a.id, b.id],
      reason: 'Holder name differs',
    });
    expect(refused.data).toMatchObject({ done: 2, held: 0, refused: 0 });
    // The money is back with each user.
    for (const w of [a, b])
      expect(await balances(w.user.token)).toMatchObject({ available: '20000.00', frozen: '0.00' });

    const small = await withdrawal('500');
    const large = await withdrawal('12000');
    const approved = await operatorCall(t.admin, 'fay', 'POST', '/admin/withdrawals/bulk/approve', {
      ids: `${small.id},${large.id},${a.id}`,
      reason: 'Paid by bank transfer',
    });
    expect(approved.data.items.map((i: { outcome: string; key: string }) => [i.outcome, i.key])).toEqual([
      ['done', 'operation_succeeded'],
      ['held', 'change_proposed'],
      ['refused', 'review_already_decided'],
    ]);
    expect(await balances(small.user.token)).toMatchObject({ frozen: '0.00', available: '19500.00' });
    // Held: still frozen, not paid.
    expect(await balances(large.user.token)).toMatchObject({ frozen: '12000.00' });
    const second = await operatorCall(t.admin, 'finn', 'POST', '/admin/withdrawals/bulk/approve', {
      ids: String(large.id),
      reason: 'Second check',
    });
    expect(second.data).toMatchObject({ done: 1, held: 0, refused: 0 });
    expect(await balances(large.user.token)).toMatchObject({ frozen: '0.00', available: '8000.00' });
    const audit = (
      await operatorCall(t.admin, 'alice', 'GET', `/admin/audit?target=${encodeURIComponent(`withdrawal:${large.id}`)}`)
    ).data.items.map((r: { action: string; operator: string; reason: string }) => [r.action, r.operator, r.reason]);
    expect(audit).toEqual([
      ['withdrawal.approve', 'finn', 'Second check'],
      ['withdrawal.approve_first', 'fay', 'Paid by bank transfer'],
    ]);
  });
});
