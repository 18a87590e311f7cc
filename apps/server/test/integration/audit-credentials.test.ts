import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { generate, generateSecret } from 'otplib';
import { hashPassword } from '../../src/modules/auth/index.ts';
import { operatorApiTokens, operators } from '../../src/modules/operators/operators.table.ts';
import { createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { operatorCall } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const PASSWORD = 'a-long-console-passphrase-of-theirs';
type Item = {
  operator: string;
  action: string;
  target: string;
  reason: string;
  credential: string;
  token_id: number | null;
  details: Record<string, unknown>;
};
const auditOf = async (query: string): Promise<Item[]> =>
  (await operatorCall(t.admin, 'alice', 'GET', `/admin/audit?size=100&${query}`)).data.items;
const tokenIdOf = async (name: string) =>
  (
    await t.database.db
      .select({ id: operatorApiTokens.id })
      .from(operatorApiTokens)
      .innerJoin(operators, eq(operators.id, operatorApiTokens.operatorId))
      .where(and(eq(operators.name, name), eq(operatorApiTokens.label, 'tests')))
  )[0]!.id;

describe('the audit log names the credential that acted', () => {
  it('an act by API token records the token; one by console session records the session', async () => {
    const { user } = await registerUser(t.app, t.database);
    const locked = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${user.id}/lock`, { reason: 'ticket 88' });
    expect(locked.code).toBe(200);
    const [byToken] = await auditOf(`target=user:${user.id}`);
    expect(byToken).toMatchObject({ operator: 'sam', credential: 'token', token_id: await tokenIdOf('sam') });

    const secret = generateSecret();
    await t.database.db
      .update(operators)
      .set({ passwordHash: await hashPassword(PASSWORD), totpSecret: secret, totpEnrolledAt: new Date() })
      .where(eq(operators.name, 'bob'));
    const login = await t.admin.inject({
      method: 'POST',
      url: '/admin/session/login',
      payload: { name: 'bob', password: PASSWORD, code: await generate({ secret }) },
    });
    const headers = {
      cookie: String(login.headers['set-cookie']).split(';')[0]!,
      'x-csrf-token': login.json().data.session.csrf_token as string,
    };
    const unlocked = await t.admin.inject({
      method: 'POST',
      url: `/admin/users/${user.id}/unlock`,
      headers,
      payload: { reason: 'ticket 88 closed' },
    });
    expect(unlocked.json().code).toBe(200);
    const [bySession] = await auditOf(`target=user:${user.id}`);
    expect(bySession).toMatchObject({ operator: 'bob', credential: 'session', token_id: null });
    const [signIn] = await auditOf('action=operator.sign_in&operator=bob');
    expect(signIn).toMatchObject({ credential: 'sign-in', token_id: null });
  });
});

describe('refusals are audited', () => {
  it('a refused act is a row with the reason it was refused', async () => {
    const { user } = await registerUser(t.app, t.database);
    // Support may not adjust a balance: refused by the role, before any service runs.
    const denied = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${user.id}/adjustments`, {
      direction: 'credit',
      amount: '50',
      category: 'goodwill',
      reason: 'trying my luck',
    });
    expect(denied.key).toBe('permission_denied');
    const held = await operatorCall(t.admin, 'fay', 'POST', `/admin/users/${user.id}/adjustments`, {
      direction: 'credit',
      amount: '20000',
      category: 'goodwill',
      reason: 'ticket 91',
    });
    const again = await operatorCall(t.admin, 'fay', 'POST', `/admin/adjustments/${held.data.id}/approve`, {
      reason: 'me again',
    });
    expect(again.key).toBe('second_operator_required');
    const refused = await auditOf('action=operator.refused');
    expect(refused.map((r) => [r.operator, r.reason, r.target, r.credential])).toEqual([
      ['fay', 'second_operator_required', 'route:POST /admin/adjustments/:id/approve', 'token'],
      ['sam', 'permission_denied', 'route:POST /admin/users/:id/adjustments', 'token'],
    ]);
    expect(refused[0]!.details).toMatchObject({ params: { id: held.data.id }, operator_reason: 'me again' });
  });

  it('a failed sign-in is a row with the name tried and why it failed', async () => {
    for (const name of ['alice', 'no-such-operator']) {
      const wrong = await t.admin.inject({
        method: 'POST',
        url: '/admin/session/login',
        payload: { name, password: 'not-the-password-at-all', code: '123456' },
        remoteAddress: '10.50.0.7',
      });
      expect(wrong.json().key).toBe('verification_failed');
    }
    const failed = await auditOf('action=operator.sign_in_refused');
    expect(failed.map((r) => [r.operator, r.target, r.reason, r.credential])).toEqual([
      ['no-such-operator', 'operator-name:no-such-operator', 'verification_failed', 'sign-in'],
      ['alice', 'operator:1', 'verification_failed', 'sign-in'],
    ]);
  });
});
