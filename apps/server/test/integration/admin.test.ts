import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import { ADMIN_TOKEN, call, createTestApp, registerUser, uniquePhone, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = (method: 'GET' | 'POST', url: string, payload?: object, token = ADMIN_TOKEN) =>
  t.admin
    .inject({ method, url, payload, headers: { authorization: `Bearer ${token}`, 'x-operator': 'bob' } })
    .then((r) => ({ status: r.statusCode, ...r.json() }));

describe('operator API', () => {
  it('refuses a missing or wrong bearer token', async () => {
    expect((await t.admin.inject({ method: 'GET', url: '/admin/users' })).statusCode).toBe(401);
    expect((await op('GET', '/admin/users', undefined, 'wrong-token-wrong-token-wrong')).status).toBe(401);
  });

  it('lists and searches users', async () => {
    const u = await registerUser(t.app, t.database);
    const all = await op('GET', '/admin/users');
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    const found = await op('GET', `/admin/users?q=${u.account}`);
    expect(found.data.items).toHaveLength(1);
    expect(found.data.items[0]).toMatchObject({ id: u.user.id, account: u.account, locked: false });
  });

  it('locks and unlocks a user with a reason, and audits who, what and why', async () => {
    const u = await registerUser(t.app, t.database);
    expect((await op('POST', `/admin/users/${u.user.id}/lock`, {})).status).toBe(400);
    expect((await op('POST', `/admin/users/${u.user.id}/lock`, { reason: 'reported by support' })).data.locked).toBe(
      true,
    );
    expect(
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })).key,
    ).toBe('account_locked');
    expect((await op('POST', `/admin/users/${u.user.id}/unlock`, { reason: 'cleared after review' })).data.locked).toBe(
      false,
    );
    expect(
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })).code,
    ).toBe(200);
    expect((await op('POST', '/admin/users/999999/lock', { reason: 'no such user' })).key).toBe('user_not_found');

    const audit = await op('GET', '/admin/audit?limit=10');
    const mine = audit.data.items.filter((i: { target: string }) => i.target === `user:${u.user.id}`);
    expect(mine.map((i: { action: string }) => i.action)).toEqual(['user.unlock', 'user.lock']);
    expect(mine[1]).toMatchObject({ operator: 'bob', reason: 'reported by support' });
  });

  it('reads the SMS outbox (audited) and creates invitation codes (audited)', async () => {
    const phone = uniquePhone();
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone }, lang: 'zh' });
    const box = await op('GET', `/admin/sms-outbox?recipient=${phone}`);
    expect(box.data.items).toHaveLength(1);
    expect(box.data.items[0].body).toMatch(/验证码是 \d{6}/);
    const invite = await op('POST', '/admin/invite-codes', { reason: 'partner campaign', max_uses: 5 });
    expect(invite.data).toMatchObject({ owner_user_id: null, max_uses: 5, uses: 0, disabled: false });
    const rows = await t.database.db.select().from(auditLog);
    expect(rows.some((r) => r.action === 'outbox.read' && r.target === `phone:${phone}`)).toBe(true);
    expect(
      rows.some((r) => r.action === 'invite.create' && r.reason === 'partner campaign' && r.operator === 'bob'),
    ).toBe(true);
  });

  it('keeps the audit log append-only', async () => {
    await expect(t.database.pool.query('UPDATE audit_log SET reason = $1', ['rewritten'])).rejects.toThrow(
      /append-only/,
    );
    await expect(t.database.pool.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
  });
});
