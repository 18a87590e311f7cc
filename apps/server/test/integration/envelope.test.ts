import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '@app/i18n/catalogue';
import { LANGUAGES } from '@app/contracts';
import { call, createTestApp, type TestApp } from '../helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRequestsPerMinute: 3 });
});
afterAll(async () => t?.close());

describe('envelope and platform behaviour', () => {
  it('answers health', async () => {
    expect(await call(t.app, 'GET', '/api/health')).toMatchObject({ code: 200, data: { status: 'ok' } });
  });

  it('answers unknown paths with a translated not-found and no stack', async () => {
    const answer = await call(t.app, 'GET', '/api/nothing/here', { lang: 'es' });
    expect(answer).toMatchObject({ status: 404, code: 404, key: 'not_found', msg: translate('es', 'not_found') });
  });

  it('reads the language from lang, then language, and falls back to English', async () => {
    for (const lang of LANGUAGES) {
      const answer = await call(t.app, 'GET', '/api/user/index', { lang });
      expect(answer.msg).toBe(translate(lang, 'login_required'));
    }
    const viaLanguage = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: { language: 'vi' } });
    expect(viaLanguage.json().msg).toBe(translate('vi', 'login_required'));
    const unknown = await t.app.inject({ method: 'GET', url: '/api/user/index', headers: { lang: 'xx' } });
    expect(unknown.json().msg).toBe(translate('en', 'login_required'));
  });

  it('refuses an oversized body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login/index',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'account=' + 'a'.repeat(70 * 1024),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().key).toBe('payload_too_large');
  });

  it('sends security headers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('rate-limits login per address', async () => {
    const tries = [];
    for (let i = 0; i < 4; i++) {
      tries.push(
        await call(t.app, 'POST', '/api/login/index', {
          body: { account: 'demo', password: 'demo1234' },
          ip: '10.9.9.9',
          lang: 'de',
        }),
      );
    }
    expect(tries.slice(0, 3).every((a) => a.code === 200)).toBe(true);
    expect(tries[3]).toMatchObject({ code: 429, key: 'too_many_requests', msg: translate('de', 'too_many_requests') });
    expect(
      (
        await call(t.app, 'POST', '/api/login/index', {
          body: { account: 'demo', password: 'demo1234' },
          ip: '10.9.9.8',
        })
      ).code,
    ).toBe(200);
  });
});
