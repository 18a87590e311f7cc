import type { Page } from '@playwright/test';
import { latestCode, uniquePhone } from './outbox.ts';

type Envelope<T> = { code: number; msg: string; key: string; data: T };

async function post<T>(path: string, body: Record<string, string>, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${process.env.E2E_API_URL}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

/** Registers a fresh user through the API (the UI journey does it through the screens). */
export async function registerByApi(
  account: string,
): Promise<{ token: string; account: string; password: string; phone: string }> {
  const phone = uniquePhone();
  const sent = await post('/api/login/sendcode', { phone, purpose: 'register' });
  if (sent.code !== 200) throw new Error(`sendcode: ${sent.key}`);
  const code = await latestCode(phone);
  const password = 'secret123';
  const reg = await post<{ token: string }>('/api/login/reg', {
    account,
    phone,
    password,
    password_confirm: password,
    code,
    invite_code: 'WELCOME',
    agree: '1',
  });
  if (reg.code !== 200) throw new Error(`reg: ${reg.key} ${reg.msg}`);
  return { token: reg.data.token, account, password, phone };
}

/** A new session of the seeded demo user (who has money, a plan and orders), on the given server. */
export async function demoToken(base = process.env.E2E_API_URL!): Promise<string> {
  const login = await fetch(`${base}/api/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'account=demo&password=demo1234',
  });
  return ((await login.json()) as { data: { token: string } }).data.token;
}

/**
 * Starts the page with a session token (and optionally a language) already in local storage: for the next
 * document through an init script, and at once in a document of the app that is already open (a hash-only
 * navigation does not load a new document).
 */
export async function useSession(page: Page, token: string, lang?: string) {
  if (page.url().startsWith(process.env.E2E_BASE_URL!)) {
    await page.evaluate(
      ([t, l]) => {
        localStorage.setItem('token', t as string);
        if (l) localStorage.setItem('lang', l as string);
      },
      [token, lang ?? ''],
    );
    await page.reload();
  }
  await page.addInitScript(
    ([t, l]) => {
      if (!sessionStorage.getItem('e2e-seeded')) {
        localStorage.setItem('token', t as string);
        if (l) localStorage.setItem('lang', l as string);
        sessionStorage.setItem('e2e-seeded', '1');
      }
    },
    [token, lang ?? ''],
  );
}
