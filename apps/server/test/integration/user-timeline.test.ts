import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { operatorCall, submitDeposit } from './wallet-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe("a user's timeline", () => {
  it('holds the acts on the user and on their records, a deposit review included', async () => {
    const deposit = await submitDeposit(t, '200');
    const userId = deposit.user.user.id as number;
    const approved = await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${deposit.id}/approve`, {
      reason: 'statement line matches',
    });
    expect(approved.code).toBe(200);
    const locked = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${userId}/lock`, {
      reason: 'card reported stolen',
    });
    expect(locked.code).toBe(200);

    const timeline = await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${userId}/audit?page=1&size=20`);
    expect(timeline.code).toBe(200);
    expect(timeline.data.total).toBe(2);
    expect(timeline.data.items.map((i: { action: string; target: string }) => [i.action, i.target])).toEqual([
      ['user.lock', `user:${userId}`],
      ['deposit.approve', `deposit:${deposit.id}`],
    ]);
    // Another user's timeline holds none of it.
    const other = await submitDeposit(t, '300');
    const theirs = await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${other.user.user.id}/audit?page=1&size=20`);
    expect(theirs.data.total).toBe(0);
  });
});
