import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { operators } from '../../src/modules/operators/operators.table.ts';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import type { TestOperator } from '../helpers/test-operators.ts';
import { operatorCall } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const operatorNamed = async (name: string) =>
  (await t.database.db.select().from(operators).where(eq(operators.name, name)))[0];

/**
 * The second half of maker-checker: the maker's own approval is refused, then the checker's applies. Answers the
 * checker's approval.
 */
async function approvedBySecond(heldId: number, maker: TestOperator, checker: TestOperator, reason: string) {
  const approve = (as: TestOperator, why: string) =>
    operatorCall(t.admin, as, 'POST', `/admin/held-changes/${heldId}/approve`, { reason: why });
  expect((await approve(maker, 'my own proposal')).key).toBe('second_operator_required');
  const approved = await approve(checker, reason);
  expect(approved.code).toBe(200);
  return approved;
}

describe('inviting an operator with power over money or operators takes two admins', () => {
  it('an admin invitation is held: no operator, no ticket, until a second admin approves, who alone sees the ticket', async () => {
    const proposed = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'eve.admin',
      role: 'admin',
      reason: 'a second admin of my own',
    });
    expect(proposed.key).toBe('change_proposed');
    expect(proposed.data.ticket).toBeUndefined();
    expect(proposed.data.held).toMatchObject({ kind: 'operator.invite', status: 'pending', proposed_by: 'alice' });
    expect(await operatorNamed('eve.admin')).toBeUndefined();

    // The maker cannot approve it; the same name cannot be proposed twice meanwhile.
    const id = proposed.data.held.id as number;
    const self = await operatorCall(t.admin, 'alice', 'POST', `/admin/held-changes/${id}/approve`, {
      reason: 'my own proposal',
    });
    expect(self.key).toBe('second_operator_required');
    const twice = await operatorCall(t.admin, 'bob', 'POST', '/admin/operators', {
      name: 'eve.admin',
      role: 'finance',
      reason: 'same name again',
    });
    expect(twice.key).toBe('change_already_pending');
    // Finance may not decide an operators' change.
    const finance = await operatorCall(t.admin, 'fay', 'POST', `/admin/held-changes/${id}/approve`, {
      reason: 'not mine to decide',
    });
    expect(finance.key).toBe('permission_denied');
    expect(await operatorNamed('eve.admin')).toBeUndefined();

    const approved = await operatorCall(t.admin, 'bob', 'POST', `/admin/held-changes/${id}/approve`, {
      reason: 'eve joins the platform team',
    });
    expect(approved.code).toBe(200);
    expect(approved.data).toMatchObject({ status: 'applied', decided_by: 'bob' });
    expect(approved.data.invitation.ticket).toMatch(/^[\w-]{20,}$/);
    const eve = await operatorNamed('eve.admin');
    expect(eve).toMatchObject({ role: 'admin', createdBy: 'bob' });
    const accepted = await t.admin.inject({
      method: 'POST',
      url: '/admin/session/accept',
      payload: { ticket: approved.data.invitation.ticket, password: 'eve-chooses-a-long-passphrase' },
    });
    expect(accepted.json()).toMatchObject({ code: 200, data: { name: 'eve.admin', role: 'admin' } });

    const [invite] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'operator.invite'), eq(auditLog.target, `operator:${eve!.id}`)));
    expect(invite).toMatchObject({ operator: 'bob', reason: 'eve joins the platform team' });
    expect(invite!.details).toMatchObject({ proposed_by: 'alice', held_change: id, role: 'admin' });
  });

  it('a finance invitation is held too; a support or content one is made at once', async () => {
    const finance = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'fred.finance',
      role: 'finance',
      reason: 'a new reviewer',
    });
    expect(finance.key).toBe('change_proposed');
    expect(await operatorNamed('fred.finance')).toBeUndefined();
    for (const role of ['support', 'content'] as const) {
      const made = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
        name: `new.${role}`,
        role,
        reason: 'a new hire',
      });
      expect(made.key).toBe('operation_succeeded');
      expect(made.data.ticket).toEqual(expect.any(String));
      expect(await operatorNamed(`new.${role}`)).toMatchObject({ role });
    }
  });

  it('a name taken since the proposal makes it outdated; a taken name is refused at once', async () => {
    const taken = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'sam',
      role: 'admin',
      reason: 'taken',
    });
    expect(taken.key).toBe('operator_name_taken');
    const proposed = await operatorCall(t.admin, 'alice', 'POST', '/admin/operators', {
      name: 'kim.ops',
      role: 'admin',
      reason: 'kim joins',
    });
    await operatorCall(t.admin, 'bob', 'POST', '/admin/operators', {
      name: 'kim.ops',
      role: 'support',
      reason: 'kim as support first',
    });
    const approved = await operatorCall(
      t.admin,
      'bob',
      'POST',
      `/admin/held-changes/${proposed.data.held.id}/approve`,
      {
        reason: 'kim joins',
      },
    );
    expect(approved.key).toBe('held_change_outdated');
    expect(await operatorNamed('kim.ops')).toMatchObject({ role: 'support' });
  });
});

describe('re-enabling a disabled operator takes two admins', () => {
  it('the enable is held until another admin approves it', async () => {
    const finn = await operatorNamed('finn');
    const disabled = await operatorCall(t.admin, 'alice', 'POST', `/admin/operators/${finn!.id}/disable`, {
      reason: 'left the team',
    });
    expect(disabled.key).toBe('operation_succeeded');
    const proposed = await operatorCall(t.admin, 'alice', 'POST', `/admin/operators/${finn!.id}/enable`, {
      reason: 'back again',
    });
    expect(proposed.key).toBe('change_proposed');
    expect(proposed.data.disabled).toBe(true);
    expect((await operatorNamed('finn'))!.disabledAt).not.toBeNull();
    const pending = await operatorCall(t.admin, 'bob', 'GET', '/admin/held-changes?status=pending');
    const held = pending.data.items.find((h: { kind: string }) => h.kind === 'operator.enable');
    expect(held).toMatchObject({
      target: `operator:${finn!.id}`,
      fields: [{ field: 'disabled', before: true, after: false }],
    });
    await approvedBySecond(held.id, 'alice', 'bob', 'back from leave');
    expect((await operatorNamed('finn'))!.disabledAt).toBeNull();
  });
});

describe("a recharge channel's money terms take two operators", () => {
  const channel = {
    reason: 'new bank channel',
    kind: 'bank',
    name: 'Bank held',
    bank_name: 'First Bank',
    account: '6222 0000 1111',
    holder: 'House Ltd',
    min: '100',
    max: '5000',
    bonus_pct: '1',
  };
  const listed = async () =>
    (await operatorCall(t.admin, 'alice', 'GET', '/admin/recharge-channels')).data.items.find(
      (c: { name: string }) => c.name === 'Bank held',
    );

  it('a new channel is held whole: users see nothing until a second operator approves it', async () => {
    const proposed = await operatorCall(t.admin, 'alice', 'POST', '/admin/recharge-channels', channel);
    expect(proposed.key).toBe('change_proposed');
    expect(proposed.data.held).toMatchObject({ kind: 'recharge.channel', target: 'channel-new:Bank held' });
    expect(proposed.data.held.fields).toContainEqual({ field: 'account', before: null, after: '6222 0000 1111' });
    expect(await listed()).toBeUndefined();
    await approvedBySecond(proposed.data.held.id, 'alice', 'bob', 'checked the account with the bank');
    expect(await listed()).toMatchObject({ account: '6222 0000 1111', min: '100.00', bonus_pct: '1.00' });
  });

  it('new receiving details, a lower minimum or a higher bonus are held; a higher minimum and a new name apply at once', async () => {
    const id = (await listed()).id as number;
    const edit = (change: object) =>
      operatorCall(t.admin, 'alice', 'POST', `/admin/recharge-channels/${id}`, {
        ...channel,
        reason: 'edit the channel',
        ...change,
      });
    const tighter = await edit({ min: '200', name: 'Bank held' });
    expect(tighter.key).toBe('operation_succeeded');
    expect(tighter.data.min).toBe('200.00');

    const pointed = await edit({ min: '200', account: '9999 8888 7777', bonus_pct: '5', sort: 3 });
    expect(pointed.key).toBe('change_proposed');
    // The sort applied; the account and the bonus did not.
    expect(pointed.data).toMatchObject({ account: '6222 0000 1111', bonus_pct: '1.00', sort: 3 });
    const pending = await operatorCall(t.admin, 'bob', 'GET', '/admin/held-changes?status=pending');
    const held = pending.data.items.find((h: { target: string }) => h.target === `channel:${id}`);
    expect(held.fields).toEqual([
      { field: 'account', before: '6222 0000 1111', after: '9999 8888 7777' },
      { field: 'bonus_pct', before: '1.00', after: '5.00' },
    ]);
    const approved = await operatorCall(t.admin, 'bob', 'POST', `/admin/held-changes/${held.id}/approve`, {
      reason: 'new account confirmed',
    });
    expect(approved.code).toBe(200);
    expect(await listed()).toMatchObject({ account: '9999 8888 7777', bonus_pct: '5.00', sort: 3, min: '200.00' });

    const lower = await edit({ min: '50', account: '9999 8888 7777', bonus_pct: '5', sort: 3 });
    expect(lower.key).toBe('change_proposed');
    expect(lower.data.min).toBe('200.00');
  });
});

describe('a new plan takes two operators', () => {
  it('is held whole with its rates; users see it only once another operator approves it', async () => {
    const now = Math.floor(Date.now() / 1000);
    const body = {
      reason: 'a generous plan',
      slug: 'held-plan',
      title: 'Held plan',
      start_time: now - 3600,
      end_time: now + 30 * 86_400,
      min_amount: '10',
      start_amount: '100',
      rate_pct: '99.00',
      total: '100000',
      period_days: 10,
      share_type: 'daily',
    };
    const proposed = await operatorCall(t.admin, 'cole', 'POST', '/admin/plans', body);
    expect(proposed.key).toBe('change_proposed');
    expect(proposed.data.held.fields).toContainEqual({ field: 'rate_pct', before: null, after: '99.00' });
    const plans = async () =>
      (await operatorCall(t.admin, 'cole', 'GET', '/admin/plans')).data.items.map((p: { slug: string }) => p.slug);
    expect(await plans()).not.toContain('held-plan');
    await approvedBySecond(proposed.data.held.id, 'cole', 'alice', 'rates checked with treasury');
    expect(await plans()).toContain('held-plan');
  });
});
