import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { AdminUserDevices, AdminUserFreezes } from '@app/contracts';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { operatorCall } from './wallet-helpers.ts';

// The user page's devices and freezes parts: what customer service tells a caller about their sessions, the
// devices a sign-in alert compares with, and who froze or unfroze the account when. Never a token or its hash.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

const login = async (account: string, userAgent: string, ip: string) => {
  const answer = await call(t.app, 'POST', '/api/login/index', {
    body: { account, password: 'secret123' },
    userAgent,
    ip,
  });
  expect(answer.key, answer.msg).toBe('login_succeeded');
  return answer.data.token as string;
};
const devicesOf = async (userId: number, query = '') =>
  (await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${userId}/devices${query}`)) as {
    key: string;
    data: AdminUserDevices;
  };
const freezesOf = async (userId: number, query = '') =>
  (await operatorCall(t.admin, 'sam', 'GET', `/admin/users/${userId}/freezes${query}`)) as {
    key: string;
    data: AdminUserFreezes;
  };
/** The device name of a session the test client opened without a browser's User-Agent (its own one). */
const INJECTED = 'lightMyRequest';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("a user's devices in the console", () => {
  it("lists the user's sessions, live and ended and how, with their devices, and nothing of anyone else", async () => {
    const u = await registerUser(t.app, t.database);
    const android = await login(u.account, ANDROID, '10.1.0.1');
    const iphone = await login(u.account, IPHONE, '10.1.0.2');
    const other = await registerUser(t.app, t.database);
    const stranger = await login(other.account, ANDROID, '10.9.9.9');

    const before = await devicesOf(u.user.id);
    expect(before.key).toBe('ok');
    expect(before.data.total).toBe(3);
    expect(before.data.items.map((s) => [s.device, s.ip, s.state])).toEqual([
      ['Safari · iPhone', '10.1.0.2', 'live'],
      ['Chrome · Android', '10.1.0.1', 'live'],
      [INJECTED, '127.0.0.1', 'live'],
    ]);
    for (const s of before.data.items) {
      expect(s.first_seen_at).toEqual(expect.any(Number));
      expect(s.last_seen_at).toBeGreaterThanOrEqual(s.first_seen_at);
      expect([s.ended_at, s.ended_by_operator]).toEqual([null, null]);
    }
    // Every device of the latest sign-ins counts for the new-device alert.
    expect(before.data.known_from_last).toBe(100);
    expect(before.data.known_devices).toEqual(
      ['Safari · iPhone', 'Chrome · Android', INJECTED].map((device) => ({
        device,
        last_sign_in_at: expect.any(Number),
        sign_ins: 1,
      })),
    );

    // The iPhone signs itself out; the Android idles past a week; the registration's session reaches its end.
    expect((await call(t.app, 'POST', '/api/login/logout', { token: iphone })).code).toBe(200);
    const ids = Object.fromEntries(before.data.items.map((s) => [s.device, s.id]));
    const db = t.database.db;
    await db.execute(
      sql`UPDATE sessions SET last_seen_at = now() - interval '8 days' WHERE id = ${ids['Chrome · Android']}`,
    );
    await db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 hour' WHERE id = ${ids[INJECTED]}`);
    const ended = await devicesOf(u.user.id);
    const state = (device: string) => ended.data.items.find((s) => s.device === device)!;
    expect(state('Safari · iPhone')).toMatchObject({ state: 'signed_out', ended_at: expect.any(Number) });
    expect(state('Chrome · Android')).toMatchObject({ state: 'idle', ended_at: expect.any(Number) });
    expect(state(INJECTED)).toMatchObject({ state: 'expired', ended_at: expect.any(Number) });
    expect(state('Chrome · Android').ended_at).toBe(state('Chrome · Android').last_seen_at + 7 * 24 * 3600);

    // A new session, ended by an operator's sign-out everywhere, names the operator; the lapsed ones keep their end.
    await login(u.account, ANDROID, '10.1.0.3');
    const revoked = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/sessions/revoke`, {
      reason: 'lost phone, called in',
    });
    expect(revoked.key).toBe('operation_succeeded');
    const after = await devicesOf(u.user.id);
    expect(after.data.total).toBe(4);
    expect(after.data.items.find((s) => s.ip === '10.1.0.3')).toMatchObject({
      state: 'signed_out',
      ended_by_operator: 'sam',
    });
    expect(after.data.items.find((s) => s.device === 'Safari · iPhone')!.ended_by_operator).toBeNull();
    expect(after.data.items.find((s) => s.device === INJECTED)!.state).toBe('expired');
    expect(after.data.known_devices.find((d) => d.device === 'Chrome · Android')!.sign_ins).toBe(2);

    // Paged like every part of the page.
    const second = await devicesOf(u.user.id, '?page=2&size=3');
    expect([second.data.page, second.data.items.length, second.data.total]).toEqual([2, 1, 4]);

    // No token, no token hash, no device key; no session, address or device of the other user.
    const hashes = await db.execute<{ token_hash: string; device_key: string | null }>(
      sql`SELECT token_hash, device_key FROM sessions WHERE user_id IN (${u.user.id}, ${other.user.id})`,
    );
    const text = JSON.stringify([before, ended, after, second]);
    for (const token of [u.token, android, iphone, stranger]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(sha256(token));
    }
    for (const row of hashes.rows) {
      expect(text).not.toContain(row.token_hash);
      if (row.device_key) expect(text).not.toContain(row.device_key);
    }
    expect(text).not.toMatch(/token|device_key|user_agent/);
    expect(text).not.toContain('10.9.9.9');
    const theirs = await devicesOf(other.user.id);
    expect(theirs.data.items.map((s) => s.ip)).toEqual(['10.9.9.9', '127.0.0.1']);
  });

  it('is for operators who read users: a content editor is refused; a missing user is said so', async () => {
    const u = await registerUser(t.app, t.database);
    for (const part of ['devices', 'freezes']) {
      const refused = await operatorCall(t.admin, 'cole', 'GET', `/admin/users/${u.user.id}/${part}`);
      expect([part, refused.status, refused.key]).toEqual([part, 403, 'permission_denied']);
      expect((await operatorCall(t.admin, 'fay', 'GET', `/admin/users/${u.user.id}/${part}`)).status).toBe(200);
      const missing = await operatorCall(t.admin, 'sam', 'GET', `/admin/users/999999999/${part}`);
      expect(missing.key).toBe('user_not_found');
    }
  });
});

describe("a user's freezes in the console", () => {
  it("tells the user's own freezes (when, from which device) from operators' (who, why), newest first", async () => {
    const u = await registerUser(t.app, t.database);
    const phone = await login(u.account, IPHONE, '10.2.0.1');
    await login(u.account, ANDROID, '10.2.0.2');
    const other = await registerUser(t.app, t.database);
    await call(t.app, 'POST', '/api/user/freeze', { token: other.token });

    expect((await freezesOf(u.user.id)).data).toEqual({ items: [], total: 0, page: 1 });
    const first = await call(t.app, 'POST', '/api/user/freeze', { token: phone, ip: '10.2.0.1' });
    expect(first.data.signed_out).toBe(2);
    const again = await call(t.app, 'POST', '/api/user/freeze', { token: phone, ip: '10.2.0.1' });
    expect(again.data.frozen_at).toBe(first.data.frozen_at);
    const unfrozen = await operatorCall(t.admin, 'sam', 'POST', `/admin/users/${u.user.id}/unfreeze`, {
      reason: 'identity checked on a video call',
    });
    expect(unfrozen.key).toBe('operation_succeeded');
    await operatorCall(t.admin, 'alice', 'POST', `/admin/users/${u.user.id}/freeze`, {
      reason: 'user called: phone stolen',
    });

    const history = await freezesOf(u.user.id);
    expect(history.data.total).toBe(4);
    expect(history.data.items).toEqual([
      expect.objectContaining({
        act: 'freeze',
        by: 'operator',
        operator: 'alice',
        reason: 'user called: phone stolen',
        device: null,
        ip: null,
      }),
      expect.objectContaining({
        act: 'unfreeze',
        by: 'operator',
        operator: 'sam',
        reason: 'identity checked on a video call',
      }),
      expect.objectContaining({
        act: 'freeze',
        by: 'user',
        operator: null,
        reason: null,
        device: 'Safari · iPhone',
        ip: '10.2.0.1',
        signed_out: 0,
        already_frozen_since: first.data.frozen_at,
      }),
      {
        id: expect.stringMatching(/^self:\d+$/),
        at: first.data.frozen_at,
        act: 'freeze',
        by: 'user',
        operator: null,
        reason: null,
        device: 'Safari · iPhone',
        ip: '10.2.0.1',
        signed_out: 2,
        already_frozen_since: null,
      },
    ]);
    const at = history.data.items.map((e) => e.at);
    expect([...at].sort((a, b) => b - a)).toEqual(at);
    expect(new Set(history.data.items.map((e) => e.id)).size).toBe(4);

    // A page of the two records together.
    const page2 = await freezesOf(u.user.id, '?page=2&size=3');
    expect(page2.data).toEqual({ items: [history.data.items[3]], total: 4, page: 2 });
    // The other user's freeze is theirs alone.
    expect((await freezesOf(other.user.id)).data.items).toEqual([expect.objectContaining({ by: 'user' })]);
  });
});
