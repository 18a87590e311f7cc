import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postJournal } from '../../src/modules/ledger/ledger.service.ts';
import { houseAccount, userAccount } from '../../src/modules/ledger/account-codes.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { changeControl } from '../helpers/held-change.ts';
import { intentKey, operatorCall, pngImage, SATURDAY_MORNING_SHANGHAI, uploadProof } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: () => SATURDAY_MORNING_SHANGHAI });
  await changeControl(t.admin, '/admin/wallet-settings', {
    reason: 'race test',
    hold_hours: 0,
    withdraw_daily_count: 100,
  });
});
afterAll(async () => t?.close());

describe('concurrency', () => {
  it('20 concurrent withdrawals against a balance that affords 3 -> exactly 3', async () => {
    const u = await registerUser(t.app, t.database);
    await call(t.app, 'POST', '/api/user/pwd_pay', {
      token: u.token,
      body: { password: 'fund1234', password_confirm: 'fund1234' },
    });
    const card = await call(t.app, 'POST', '/api/user/add_card', {
      token: u.token,
      body: { bank_name: 'B', branch: 'X', holder: 'H', card_number: '6222333344445555' },
    });
    await t.database.db.transaction((tx) =>
      postJournal(tx, {
        reference: 'test:race:fund',
        kind: 'system_gift',
        transfers: [{ from: houseAccount('bonuses'), to: userAccount(u.user.id, 'available'), amount: 35_000n }],
      }),
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t.app, 'POST', '/api/user/cash', {
          token: u.token,
          body: { method_id: String(card.data.id), amount: '100', fund_password: 'fund1234', key: intentKey() },
        }),
      ),
    );
    const ok = answers.filter((a) => a.code === 200);
    expect(ok).toHaveLength(3);
    // At most five fund-password checks of one user are in flight at once (each is counted before it is
    // verified), so some of the burst is refused before the balance is looked at; at least five reach it.
    const refusals = answers.filter((a) => a.code !== 200).map((a) => a.key);
    expect(refusals.filter((k) => k === 'balance_insufficient').length).toBeGreaterThanOrEqual(2);
    expect(refusals.every((k) => k === 'balance_insufficient' || k === 'too_many_attempts')).toBe(true);
    const balances = (await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances;
    expect(balances).toMatchObject({ available: '50.00', frozen: '300.00' });
    const rows = await t.database.db.execute(
      sql`select count(*)::int as n from withdrawals where user_id = ${u.user.id}`,
    );
    expect(rows.rows[0]!.n).toBe(3);
  });

  it('approving the same recharge from many operators at once credits it once', async () => {
    const u = await registerUser(t.app, t.database);
    const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: u.token })).data.channels;
    const upload = await uploadProof(t.app, u.token, await pngImage(3));
    const dep = await call(t.app, 'POST', '/api/user/dorecharge', {
      token: u.token,
      body: { channel_id: String(channels[0].id), amount: '400', payer_name: 'P', upload_id: upload, key: intentKey() },
    });
    // Every operator who may review money, each twice.
    const reviewers = ['fay', 'finn', 'alice', 'bob'] as const;
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        operatorCall(t.admin, reviewers[i % reviewers.length]!, 'POST', `/admin/deposits/${dep.data.id}/approve`, {
          reason: 'matched',
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).data.balances.available).toBe('400.00');
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });
});
