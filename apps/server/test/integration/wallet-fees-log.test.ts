import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sequence } from '../../src/modules/transparency/index.ts';
import { freshSeed, signerFromSeed } from '../../src/modules/transparency/log-signer.ts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';

// A change of the wallet's fees is a change of terms: logged with the second it took effect, in the public terms
// history; a change of anything else in the wallet settings is not.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const feeEntries = async () => {
  await sequence(t.database.db, signerFromSeed(freshSeed()));
  return ((await call(t.app, 'GET', '/api/log/terms')).data.items as Array<{ data: string }>)
    .map((i) => JSON.parse(i.data))
    .filter((e) => e.subject === 'wallet_fees');
};

describe('wallet fees in the terms history', () => {
  it('logs a fee change (held for a second operator, then approved) with the fees after it', async () => {
    const before = Math.floor(Date.now() / 1000);
    const changed = await changeControl(t.admin, '/admin/wallet-settings', {
      reason: 'new fees',
      withdraw_fee_pct: '1.5',
      exchange_fee_pct: '0.3',
    });
    expect(changed.code).toBe(200);
    const logged = await feeEntries();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({
      type: 'terms_changed',
      v: 1,
      subject: 'wallet_fees',
      fees: { withdraw_fee_pct: '1.50', withdraw_fee_min: '1.00', exchange_fee_pct: '0.30' },
    });
    expect(logged[0].at).toBeGreaterThanOrEqual(before);
    expect(logged[0].at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
  });

  it('logs nothing for a change of another setting', async () => {
    expect(
      (await changeControl(t.admin, '/admin/wallet-settings', { reason: 'fewer per day', withdraw_daily_count: '2' }))
        .code,
    ).toBe(200);
    expect(await feeEntries()).toHaveLength(1);
  });
});
