import { expect, type Page } from '@playwright/test';
import type { MarketServer } from './market-server.ts';
import { latestCode, uniquePhone } from './outbox.ts';
import { operatorAuth } from './operators.ts';
import type { Lang } from './texts.ts';

export type Envelope<T> = { code: number; key: string; msg: string; data: T };

/** A form POST of the user API, unwrapped into its envelope. */
export async function post<T>(base: string, path: string, body: Record<string, string>, token?: string) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as Envelope<T>;
}

/** A fresh user on the market server with `amount` U from an operator's goodwill credit. */
export async function fundedUser(market: MarketServer, prefix: string, amount = '200') {
  const phone = uniquePhone();
  const account = `${prefix}${Date.now().toString(36)}`;
  expect((await post(market.url, '/api/login/sendcode', { phone, purpose: 'register' })).code).toBe(200);
  const code = await latestCode(phone, market);
  const reg = await post<{ token: string; user: { id: number } }>(market.url, '/api/login/reg', {
    account,
    phone,
    password: 'secret123',
    password_confirm: 'secret123',
    code,
    invite_code: 'WELCOME',
    agree: '1',
  });
  expect(reg.code, reg.msg).toBe(200);
  const credit = await fetch(`${market.adminUrl}/admin/users/${reg.data.user.id}/adjustments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...operatorAuth(market.operators.fay) },
    body: JSON.stringify({ direction: 'credit', amount, category: 'goodwill', reason: 'e2e: money to trade' }),
  });
  expect(((await credit.json()) as Envelope<{ status: string }>).data.status).toBe('posted');
  return { token: reg.data.token, id: reg.data.user.id, account };
}

/** A funded user (500 U) ready to withdraw: a fund password set and a bank card bound. */
export async function withdrawReadyUser(market: MarketServer, lang: Lang) {
  const user = await fundedUser(market, `tf${lang}`, '500');
  const fund = await post(
    market.url,
    '/api/user/pwd_pay',
    { password: 'fund1234', password_confirm: 'fund1234' },
    user.token,
  );
  expect(fund.code, fund.msg).toBe(200);
  const card = await post(
    market.url,
    '/api/user/add_card',
    {
      bank_name: 'E2E Bank',
      branch: 'Main',
      holder: 'Test Holder',
      card_number: `6222${Date.now().toString().slice(-12)}`,
    },
    user.token,
  );
  expect(card.code, card.msg).toBe(200);
  return user;
}

/** Opens the app at `route` signed in as `token`, in `lang`. */
export async function openAs(page: Page, market: MarketServer, token: string, lang: Lang, route: string) {
  await page.addInitScript(
    ([tk, l]) => {
      localStorage.setItem('token', tk!);
      localStorage.setItem('lang', l!);
    },
    [token, lang],
  );
  await page.goto(`${market.url}/h5/#${route}`);
}
