import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, registerUser, type TestApp } from '../helpers/test-app.ts';
import { deviceName } from '../../src/platform/http/device-name.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function loginAs(account: string, ip: string, ua: string) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login/index',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': ua },
    payload: new URLSearchParams({ account, password: 'secret123' }).toString(),
    remoteAddress: ip,
  });
  const body = response.json();
  expect(body.code).toBe(200);
  return body.data.token as string;
}

describe('security area', () => {
  it('names devices from their user agent', () => {
    expect(deviceName(ANDROID_CHROME)).toBe('Chrome · Android');
    expect(deviceName(IPHONE_SAFARI)).toBe('Safari · iPhone');
    expect(deviceName(undefined)).toBe('unknown');
  });

  it('lists live sessions and last logins with time, device and address; logs out the other devices', async () => {
    const u = await registerUser(t.app, t.database);
    const phone = await loginAs(u.account, '203.0.113.7', ANDROID_CHROME);
    const laptop = await loginAs(u.account, '198.51.100.20', IPHONE_SAFARI);

    const listed = await call(t.app, 'GET', '/api/user/sessions', { token: phone });
    expect(listed.data.items).toHaveLength(3);
    expect(listed.data.items[0]).toMatchObject({ current: true, device: 'Chrome · Android', ip: '203.0.113.7' });
    expect(listed.data.items.filter((s: { current: boolean }) => s.current)).toHaveLength(1);

    const logins = await call(t.app, 'GET', '/api/user/logins', { token: phone });
    expect(logins.data.items.map((l: { kind: string; ip: string }) => [l.kind, l.ip])).toEqual([
      ['login', '198.51.100.20'],
      ['login', '203.0.113.7'],
      ['register', '127.0.0.1'],
    ]);
    expect(logins.data.items[0].device).toBe('Safari · iPhone');
    expect(logins.data.items[0].at).toBeGreaterThan(0);

    const out = await call(t.app, 'POST', '/api/user/sessions/logout_others', { token: phone });
    expect(out.code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/index', { token: laptop })).code).toBe(401);
    expect((await call(t.app, 'GET', '/api/user/index', { token: u.token })).code).toBe(401);
    const after = await call(t.app, 'GET', '/api/user/sessions', { token: phone });
    expect(after.data.items).toHaveLength(1);
    expect(after.data.items[0].current).toBe(true);
  });

  it("refuses another user's session ids and ends one's own", async () => {
    const a = await registerUser(t.app, t.database);
    const b = await registerUser(t.app, t.database);
    const bSessions = await call(t.app, 'GET', '/api/user/sessions', { token: b.token });
    const bId = bSessions.data.items[0].id as number;
    const refused = await call(t.app, 'POST', `/api/user/sessions/${bId}/logout`, { token: a.token });
    expect(refused.key).toBe('no_data');
    expect((await call(t.app, 'GET', '/api/user/index', { token: b.token })).code).toBe(200);
    // A's second device, ended from the first.
    const second = await loginAs(a.account, '192.0.2.1', ANDROID_CHROME);
    const aSessions = await call(t.app, 'GET', '/api/user/sessions', { token: a.token });
    const secondId = aSessions.data.items.find((s: { current: boolean }) => !s.current).id;
    expect((await call(t.app, 'POST', `/api/user/sessions/${secondId}/logout`, { token: a.token })).code).toBe(200);
    expect((await call(t.app, 'GET', '/api/user/index', { token: second })).code).toBe(401);
    // Logged out callers hear "log in".
    expect((await call(t.app, 'GET', '/api/user/sessions', {})).key).toBe('login_required');
    expect((await call(t.app, 'GET', '/api/user/logins', { token: b.token })).data.items).toHaveLength(1);
  });
});
