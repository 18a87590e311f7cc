import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import {
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';
import { cnIdCheckChar } from '../../src/modules/kyc/id-document.ts';
import { qualifyInvitee } from '../../src/modules/referral/referral.service.ts';
import { ledgerJournals } from '../../src/modules/ledger/ledger.table.ts';
import { deposits } from '../../src/modules/wallet/wallet.table.ts';
import { verifyLedger } from '../../src/modules/ledger/ledger-verify.ts';
import { intentKey, pngImage, uploadProof } from './wallet-helpers.ts';

process.env.KYC_KEY = Buffer.alloc(32, 3).toString('base64');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let serial = 200;
const freshId = () => {
  const first17 = `44030519851122${String(serial++).padStart(3, '0')}`;
  return first17 + cnIdCheckChar(first17);
};
const admin = async (as: TestOperator, method: 'GET' | 'POST', url: string, body?: object) =>
  (
    await t.admin.inject({
      method,
      url,
      headers: operatorHeaders(as),
      ...(body ? { payload: body } : {}),
    })
  ).json();
const available = async (token: string) =>
  (await call(t.app, 'GET', '/api/user/index', { token })).data.balances.available as string;
type Registered = Awaited<ReturnType<typeof registerUser>>;
const invitedBy = (inviter: Registered) =>
  registerUser(t.app, t.database, { invite_code: inviter.user.invite_code as string });
async function verify(u: Registered) {
  const submitted = await call(t.app, 'POST', '/api/user/certification', {
    token: u.token,
    body: { real_name: '周八', id_number: freshId() },
  });
  expect(submitted.code).toBe(200);
  const pending = await admin('sam', 'GET', '/admin/kyc?state=pending&limit=500');
  const item = pending.data.items.find((i: { user_id: number }) => i.user_id === u.user.id);
  const approved = await admin('sam', 'POST', `/admin/kyc/${item.id}/approve`, { reason: 'documents match' });
  expect(approved.data.state).toBe('approved');
}

describe('invitation', () => {
  it('states the rule: nothing is paid until operators set an amount; setting it is audited', async () => {
    const a = await registerUser(t.app, t.database);
    const summary = await call(t.app, 'GET', '/api/user/invite', { token: a.token });
    expect(summary.data).toMatchObject({
      invite_code: a.user.invite_code,
      invited_count: 0,
      qualified_count: 0,
      bonus_total: '0.00',
      rules: { bonus_amount: '0.00', condition: 'real_name' },
    });
    expect(
      (
        await admin('alice', 'POST', '/admin/invite-settings', {
          bonus_amount: '-1',
          condition: 'real_name',
          reason: 'x',
        })
      ).code,
    ).not.toBe(200);
    expect(
      (
        await admin('alice', 'POST', '/admin/invite-settings', {
          bonus_amount: '5',
          condition: 'forever',
          reason: 'launch',
        })
      ).code,
    ).not.toBe(200);
    const set = await admin('alice', 'POST', '/admin/invite-settings', {
      bonus_amount: '5',
      condition: 'real_name',
      reason: 'launch',
    });
    expect(set.data).toEqual({ bonus_amount: '5.00', condition: 'real_name' });
    const audit = await admin('alice', 'GET', '/admin/audit?size=5');
    expect(audit.data.items[0]).toMatchObject({ action: 'invite.settings', operator: 'alice', reason: 'launch' });
    expect((await call(t.app, 'GET', '/api/user/invite', { token: a.token })).data.rules.bonus_amount).toBe('5.00');
  });

  it('pays the inviter once when an invitee is verified, as a class-2 record and a ledger journal; one level only', async () => {
    const a = await registerUser(t.app, t.database);
    const b = await invitedBy(a);
    const c = await invitedBy(b); // A's invitee's invitee: A never earns from C
    expect(await available(a.token)).toBe('0.00');

    await verify(b);
    expect(await available(a.token)).toBe('5.00');
    const [record] = await t.database.db.select().from(deposits).where(eq(deposits.userId, a.user.id));
    expect(record).toMatchObject({ class: 2, status: 1, amount: 500n });
    const journals = await t.database.db
      .select()
      .from(ledgerJournals)
      .where(like(ledgerJournals.reference, `invite:${b.user.id}:%`));
    expect(journals).toHaveLength(1);

    await verify(c);
    expect(await available(b.token)).toBe('5.00');
    expect(await available(a.token)).toBe('5.00');

    const summary = await call(t.app, 'GET', '/api/user/invite', { token: a.token });
    expect(summary.data).toMatchObject({ invited_count: 1, qualified_count: 1, bonus_total: '5.00' });
    const records = await call(t.app, 'GET', '/api/user/invite_records', { token: a.token });
    expect(records.data.total).toBe(1);
    expect(records.data.items[0]).toMatchObject({ qualified: true, bonus: '5.00' });
    expect(records.data.items[0].account_masked).toBe(`${b.account.slice(0, 2)}****${b.account.slice(-2)}`);
    expect(JSON.stringify(records)).not.toContain(b.account);
    // B's records list C only, never A's other invitees.
    const bRecords = await call(t.app, 'GET', '/api/user/invite_records', { token: b.token });
    expect(bRecords.data.total).toBe(1);
  });

  it('pays exactly once under concurrent qualification', async () => {
    const a = await registerUser(t.app, t.database);
    const b = await invitedBy(a);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => t.database.db.transaction((tx) => qualifyInvitee(tx, b.user.id, 'real_name'))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await available(a.token)).toBe('5.00');
    // The later real approval does not pay again, and the other condition never pays for a real_name rule.
    await verify(b);
    await t.database.db.transaction((tx) => qualifyInvitee(tx, b.user.id, 'first_deposit'));
    expect(await available(a.token)).toBe('5.00');
    const records = await call(t.app, 'GET', '/api/user/invite_records', { token: a.token });
    expect(records.data.items).toHaveLength(1);
  });

  it('invited counts accumulate; unverified invitees show as not qualified', async () => {
    const a = await registerUser(t.app, t.database);
    await invitedBy(a);
    await invitedBy(a);
    const summary = await call(t.app, 'GET', '/api/user/invite', { token: a.token });
    expect(summary.data).toMatchObject({ invited_count: 2, qualified_count: 0 });
    const records = await call(t.app, 'GET', '/api/user/invite_records?size=1&page=2', { token: a.token });
    expect(records.data).toMatchObject({ total: 2, page: 2 });
    expect(records.data.items).toEqual([
      expect.objectContaining({ qualified: false, bonus: null, qualified_at: null }),
    ]);
    expect((await call(t.app, 'GET', '/api/user/invite_records', {})).key).toBe('login_required');
  });

  it("with the first-deposit condition, pays on the invitee's first approved recharge only", async () => {
    expect(
      (
        await admin('alice', 'POST', '/admin/invite-settings', {
          bonus_amount: '3',
          condition: 'first_deposit',
          reason: 'deposit drive',
        })
      ).code,
    ).toBe(200);
    const a = await registerUser(t.app, t.database);
    const b = await invitedBy(a);
    await verify(b); // real name no longer qualifies
    expect(await available(a.token)).toBe('0.00');
    const rechargeOnce = async () => {
      const channels = (await call(t.app, 'GET', '/api/user/recharge', { token: b.token })).data.channels;
      const uploadId = await uploadProof(t.app, b.token, await pngImage(Math.floor(Math.random() * 1000)));
      const submitted = await call(t.app, 'POST', '/api/user/dorecharge', {
        token: b.token,
        body: {
          channel_id: String(channels[0].id),
          amount: '100',
          payer_name: 'Payer',
          transfer_note: '',
          upload_id: uploadId,
          key: intentKey(),
        },
      });
      expect(submitted.code).toBe(200);
      const approved = await admin('fay', 'POST', `/admin/deposits/${submitted.data.id}/approve`, {
        reason: 'bank matched',
      });
      expect(approved.code).toBe(200);
    };
    await rechargeOnce();
    expect(await available(a.token)).toBe('3.00');
    await rechargeOnce();
    expect(await available(a.token)).toBe('3.00');
    expect((await verifyLedger(t.database.db)).breaks).toEqual([]);
  });
});
