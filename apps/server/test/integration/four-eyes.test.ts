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

describe('a change that weakens a control waits for a second operator', () => {
  const settings = async () => (await op('alice', 'GET', '/admin/wallet-settings')).data;
  const pendingFor = async (target: string) =>
    (await op('bob', 'GET', '/admin/held-changes?status=pending')).data.items.find(
      (h: { target: string }) => h.target === target,
    );

  it('one admin can no longer raise the four-eyes threshold, approve a large deposit alone and put it back', async () => {
    const raised = await op('alice', 'POST', '/admin/wallet-settings', {
      four_eyes_above: '20000',
      reason: 'busy day',
    });
    expect(raised.key).toBe('change_proposed');
    expect(raised.data.four_eyes_above).toBe('10000.00');
    expect((await settings()).four_eyes_above).toBe('10000.00');
    // The 12,000.00 U deposit still needs two operators.
    const u = await registerUser(t.app, t.database);
    const id = await recharge(u.token, '12000');
    expect((await op('alice', 'POST', `/admin/deposits/${id}/approve`, { reason: 'looks fine' })).data.status).toBe(3);
    expect(await available(u.user.id)).toBe(0n);

    const held = await pendingFor('wallet:settings');
    expect(held).toMatchObject({
      kind: 'wallet.settings',
      permission: 'settings.edit',
      proposed_by: 'alice',
      proposal_reason: 'busy day',
      fields: [{ field: 'four_eyes_above', before: '10000.00', after: '20000.00' }],
    });
    // Support cannot see or decide it; the maker cannot approve their own proposal.
    expect((await op('sam', 'GET', '/admin/held-changes?status=pending')).data.items).toEqual([]);
    expect((await op('sam', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'me too' })).key).toBe(
      'permission_denied',
    );
    expect((await op('alice', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'me myself' })).key).toBe(
      'second_operator_required',
    );
    // A second proposal of the same control waits for this one to be decided.
    expect((await op('alice', 'POST', '/admin/wallet-settings', { hold_hours: 0, reason: 'another idea' })).key).toBe(
      'change_already_pending',
    );
    const approved = await op('bob', 'POST', `/admin/held-changes/${held.id}/approve`, {
      reason: 'agreed in the meeting',
    });
    expect(approved.data).toMatchObject({
      status: 'applied',
      decided_by: 'bob',
      decision_reason: 'agreed in the meeting',
    });
    expect((await settings()).four_eyes_above).toBe('20000.00');
    expect((await op('bob', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'again' })).key).toBe(
      'review_already_decided',
    );
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.target, 'wallet:settings'));
    expect(rows.map((r) => [r.action, r.operator])).toEqual([
      ['held_change.propose', 'alice'],
      ['wallet.settings', 'bob'],
      ['held_change.approve', 'bob'],
    ]);
    expect(rows[1]!.details).toMatchObject({ held_change: held.id, proposed_by: 'alice' });
    expect(rows[2]!.details).toMatchObject({ proposed_by: 'alice', proposal_reason: 'busy day' });

    // Tightening applies at once, by one operator.
    const lowered = await op('alice', 'POST', '/admin/wallet-settings', { four_eyes_above: '10000', reason: 'back' });
    expect(lowered.key).toBe('operation_succeeded');
    expect(lowered.data.four_eyes_above).toBe('10000.00');
  });

  it('a refused proposal changes nothing; one overtaken by a later change cannot be approved', async () => {
    const longer = await op('alice', 'POST', '/admin/wallet-settings', {
      withdraw_to: '23:00',
      reason: 'longer hours',
    });
    expect(longer.key).toBe('change_proposed');
    const held = await pendingFor('wallet:settings');
    const refused = await op('bob', 'POST', `/admin/held-changes/${held.id}/refuse`, { reason: 'not agreed' });
    expect(refused.data).toMatchObject({ status: 'refused', decided_by: 'bob' });
    expect((await settings()).withdraw_to).toBe('21:00');

    await op('alice', 'POST', '/admin/wallet-settings', { withdraw_max: '60000', reason: 'big clients' });
    const wider = await pendingFor('wallet:settings');
    // Meanwhile the maximum is lowered (a tightening, at once): the proposal no longer says what it would change.
    expect(
      (await op('bob', 'POST', '/admin/wallet-settings', { withdraw_max: '40000', reason: 'fraud wave' })).key,
    ).toBe('operation_succeeded');
    expect((await op('bob', 'POST', `/admin/held-changes/${wider.id}/approve`, { reason: 'looks ok' })).key).toBe(
      'held_change_outdated',
    );
    expect((await settings()).withdraw_max).toBe('40000.00');
    await op('bob', 'POST', `/admin/held-changes/${wider.id}/refuse`, { reason: 'overtaken' });
  });

  it('payout terms and plan rates: the content operator proposes, an admin approves; a tightening applies at once', async () => {
    const url = '/admin/products/ETH%2FUSDT/terms';
    const terms = async () =>
      (await op('cole', 'GET', url)).data.items.find((i: { seconds: number }) => i.seconds === 60);
    const body = {
      seconds: 60,
      payout_pct: '95',
      loss_pct: '100',
      fee_pct: '0.5',
      min_amount: '10',
      max_amount: '10000',
      max_open_amount: '50000',
      presets: ['10', '50'],
    };
    const richer = await op('cole', 'POST', url, { ...body, reason: 'promotion' });
    expect(richer.key).toBe('change_proposed');
    expect((await terms()).payout_pct).toBe('85.00');
    const held = await pendingFor('product:ETH/USDT:60s');
    expect(held.fields).toEqual([{ field: 'payout_pct', before: '85.00', after: '95.00' }]);
    expect((await op('cole', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'mine' })).key).toBe(
      'second_operator_required',
    );
    expect(
      (await op('alice', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'promotion agreed' })).code,
    ).toBe(200);
    expect((await terms()).payout_pct).toBe('95.00');
    const smaller = await op('cole', 'POST', url, { ...body, max_amount: '5000', reason: 'smaller stakes' });
    expect(smaller.key).toBe('operation_succeeded');
    expect((await terms()).max_amount).toBe('5000.00');

    const plans = (await op('cole', 'GET', '/admin/plans')).data.items as { id: number; terms: { rate: string } }[];
    const plan = plans[0]!;
    const edited = await op('cole', 'POST', `/admin/plans/${plan.id}`, {
      rate_pct: '9.99',
      title: 'Renamed while the rate waits',
      reason: 'new offer',
    });
    expect(edited.key).toBe('change_proposed');
    expect(edited.data).toMatchObject({ title: 'Renamed while the rate waits', terms: { rate: plan.terms.rate } });
    const rate = await pendingFor(`plan:${plan.id}`);
    expect((await op('alice', 'POST', `/admin/held-changes/${rate.id}/approve`, { reason: 'offer agreed' })).code).toBe(
      200,
    );
    const after = (await op('cole', 'GET', '/admin/plans')).data.items.find((p: { id: number }) => p.id === plan.id);
    expect(after.terms.rate).toBe('9.99');
  });

  it('a wider role waits for a second admin; a proposal whose maker was disabled since cannot be approved', async () => {
    const samId = await idOf('sam');
    const wider = await op('alice', 'POST', `/admin/operators/${samId}/role`, { role: 'admin', reason: 'team lead' });
    expect(wider.key).toBe('change_proposed');
    expect(wider.data.role).toBe('support');
    expect((await op('sam', 'GET', '/admin/deposits')).key).toBe('permission_denied');
    const held = await pendingFor(`operator:${samId}`);
    expect(held.fields).toEqual([{ field: 'role', before: 'support', after: 'admin' }]);
    expect((await op('bob', 'POST', `/admin/held-changes/${held.id}/approve`, { reason: 'agreed' })).data.status).toBe(
      'applied',
    );
    expect(
      (await op('alice', 'GET', '/admin/operators')).data.items.find((o: { name: string }) => o.name === 'sam'),
    ).toMatchObject({ role: 'admin' });

    // cole (content) proposed for finance by bob, then bob is disabled: his proposal no longer counts.
    const coleId = await idOf('cole');
    expect(
      (await op('bob', 'POST', `/admin/operators/${coleId}/role`, { role: 'finance', reason: 'moving' })).key,
    ).toBe('change_proposed');
    const coles = await pendingFor(`operator:${coleId}`);
    await disable('bob');
    expect((await op('alice', 'POST', `/admin/held-changes/${coles.id}/approve`, { reason: 'fine' })).key).toBe(
      'first_approval_lapsed',
    );
  });
});

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
    const approved = await op('alice', 'POST', `/admin/adjustments/${held.data.id}/approve`, { reason: 'looks right' });
    expect(approved.key).toBe('first_approval_lapsed');
    expect(await available(user.id)).toBe(0n);
    const refused = await op('alice', 'POST', `/admin/adjustments/${held.data.id}/refuse`, { reason: 'maker left' });
    expect(refused.data.status).toBe('refused');
  });
});
