import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { operatorCall, submitDeposit } from './wallet-helpers.ts';

// "Export my data": one ZIP of everything held about the user (data.json and a CSV per section), their rows and
// no one else's, and no secret.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const exportOf = async (token: string) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/user/export',
    headers: { token, 'content-type': 'application/x-www-form-urlencoded' },
    payload: '',
  });
  return response;
};

describe('export my data', () => {
  it("holds the user's rows and no one else's, money in U, and no secret", async () => {
    const deposit = await submitDeposit(t, '123.45');
    const u = deposit.user;
    await operatorCall(t.admin, 'fay', 'POST', `/admin/deposits/${deposit.id}/approve`, {
      reason: 'seen on statement',
    });
    await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/freeze`, { reason: 'user called in' });
    await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/notes`, { body: 'Called about the freeze' });
    await operatorCall(t.admin, 'fay', 'POST', `/admin/users/${u.user.id}/tags`, {
      tag: 'vip',
      reason: 'large deposits',
    });
    const other = await submitDeposit(t, '77.00');

    const response = await exportOf(u.token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="my-data-${u.account}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const files = unzipSync(new Uint8Array(response.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['data.json', 'profile.csv', 'deposits.csv', 'statement.csv']),
    );
    const data = JSON.parse(strFromU8(files['data.json']!));
    expect(data.profile).toEqual([expect.objectContaining({ id: u.user.id, account: u.account, phone: u.phone })]);
    expect(data.deposits).toEqual([expect.objectContaining({ id: deposit.id, amount: '123.45' })]);
    expect(data.statement.map((e: { amount: string }) => e.amount)).toContain('123.45');
    expect(data.messages.map((m: { kind: string }) => m.kind)).toContain('deposit_approved');
    expect(data.operator_actions.map((a: { operator: string; action: string }) => [a.operator, a.action])).toEqual([
      ['sam', 'user.freeze'],
      ['sam', 'user.note_add'],
      ['fay', 'user.tag_add'],
    ]);
    expect(data.sessions.length).toBeGreaterThan(0);
    // What operators wrote about the user is theirs to read too.
    expect(data.operator_notes).toEqual([
      expect.objectContaining({ kind: 'note', by: 'sam', body: 'Called about the freeze' }),
      expect.objectContaining({ kind: 'tag', item: 'vip', by: 'fay' }),
    ]);
    // A spreadsheet's CSV: the byte order mark first, then the header.
    expect([...files['deposits.csv']!.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(strFromU8(files['deposits.csv']!)).toMatch(/^\ufeff?id,status,channel_name,amount/);
    expect(data.deposits[0].created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    // Nothing of the other user, and no secret: no hash, no token, no document number.
    const everything = Object.values(files)
      .map((f) => strFromU8(f))
      .join('\n');
    expect(everything).not.toContain(other.user.account);
    expect(everything).not.toContain(other.user.phone);
    const [row] = (
      await t.database.db.execute<{ password_hash: string; token_hash: string }>(
        sql`SELECT u.password_hash, s.token_hash FROM users u JOIN sessions s ON s.user_id = u.id WHERE u.id = ${u.user.id} LIMIT 1`,
      )
    ).rows;
    expect(everything).not.toContain(row!.password_hash);
    expect(everything).not.toContain(row!.token_hash);
    expect(everything).not.toMatch(/password_hash|token_hash|secret|doc_cipher|doc_hash|p256dh/);
  });

  it('refuses without a session; a user with no factor needs no code', async () => {
    expect((await exportOf('nope')).statusCode).toBe(401);
    const u = await registerUser(t.app, t.database);
    expect((await exportOf(u.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/export', { token: u.token })).status).toBe(404);
  });
});
