import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../src/platform/audit/audit.table.ts';
import {
  ADMIN_TOKEN,
  call,
  createTestApp,
  operatorHeaders,
  registerUser,
  uniquePhone,
  type TestApp,
  type TestOperator,
} from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const op = (as: TestOperator, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.admin
    .inject({ method, url, payload, headers: operatorHeaders(as) })
    .then((r) => ({ status: r.statusCode, ...r.json() }));
const withBearer = (token: string) =>
  t.admin.inject({ method: 'GET', url: '/admin/users', headers: { authorization: `Bearer ${token}` } });

describe('operator API', () => {
  it('refuses a missing or wrong bearer token', async () => {
    expect((await t.admin.inject({ method: 'GET', url: '/admin/users' })).statusCode).toBe(401);
    expect((await withBearer('wrong-token-wrong-token-wrong')).statusCode).toBe(401);
    // The shared token is nobody: it only makes the first admin and reads the metrics.
    expect((await withBearer(ADMIN_TOKEN)).statusCode).toBe(401);
  });

  it('lists and searches users', async () => {
    const u = await registerUser(t.app, t.database);
    const all = await op('sam', 'GET', '/admin/users');
    expect(all.data.total).toBeGreaterThanOrEqual(2);
    const found = await op('sam', 'GET', `/admin/users?q=${u.account}`);
    expect(found.data.items).toHaveLength(1);
    expect(found.data.items[0]).toMatchObject({ id: u.user.id, account: u.account, locked: false });
  });

  it('locks and unlocks a user with a reason, and audits who, what and why', async () => {
    const u = await registerUser(t.app, t.database);
    expect((await op('sam', 'POST', `/admin/users/${u.user.id}/lock`, {})).status).toBe(400);
    expect(
      (await op('sam', 'POST', `/admin/users/${u.user.id}/lock`, { reason: 'reported by support' })).data.locked,
    ).toBe(true);
    expect(
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })).key,
    ).toBe('account_locked');
    expect(
      (await op('sam', 'POST', `/admin/users/${u.user.id}/unlock`, { reason: 'cleared after review' })).data.locked,
    ).toBe(false);
    expect(
      (await call(t.app, 'POST', '/api/login/index', { body: { account: u.account, password: 'secret123' } })).code,
    ).toBe(200);
    expect((await op('sam', 'POST', '/admin/users/999999/lock', { reason: 'no such user' })).key).toBe(
      'user_not_found',
    );

    const audit = await op('alice', 'GET', '/admin/audit?size=10');
    const mine = audit.data.items.filter((i: { target: string }) => i.target === `user:${u.user.id}`);
    expect(mine.map((i: { action: string }) => i.action)).toEqual(['user.unlock', 'user.lock']);
    expect(mine[1]).toMatchObject({ operator: 'sam', reason: 'reported by support' });
  });

  it('reads the SMS outbox (audited) and creates invitation codes (audited)', async () => {
    const phone = uniquePhone();
    await call(t.app, 'POST', '/api/login/sendcode', { body: { phone }, lang: 'zh' });
    // The texts hold live codes: only an operator with messages.read sees them.
    expect((await op('sam', 'GET', `/admin/sms-outbox?recipient=${phone}`)).key).toBe('permission_denied');
    const box = await op('bob', 'GET', `/admin/sms-outbox?recipient=${phone}`);
    expect(box.data.items).toHaveLength(1);
    expect(box.data.items[0].body).toMatch(/验证码是 \d{6}/);
    const invite = await op('bob', 'POST', '/admin/invite-codes', { reason: 'partner campaign', max_uses: 5 });
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
