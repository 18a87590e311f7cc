import { expect, type Page } from '@playwright/test';
import type { MarketServer } from './market-server.ts';
import { operatorAuth } from './operators.ts';
import { latestCode } from './outbox.ts';
import type { Lang } from './texts.ts';

// A user ready to withdraw, for the second-factor and passkey specs.

export async function send<T>(
  market: MarketServer,
  url: string,
  body: Record<string, string>,
  token?: string,
): Promise<{ code: number; key: string; msg: string; data: T }> {
  const response = await fetch(`${market.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { code: number; key: string; msg: string; data: T };
}

/** A fresh user on the market server with 500.00 U credited by an operator, a fund password and a bound card. */
export async function fundedUser(market: MarketServer, lang: Lang) {
  const phone = `137${String(Date.now()).slice(-8)}`;
  expect((await send(market, '/api/login/sendcode', { phone, purpose: 'register' })).code).toBe(200);
  const code = await latestCode(phone, market);
  const account = `tf${lang}${Date.now().toString(36)}`;
  const reg = await send<{ token: string; user: { id: number } }>(market, '/api/login/reg', {
    account,
    phone,
    password: 'secret123',
    password_confirm: 'secret123',
    code,
    invite_code: 'WELCOME',
    agree: '1',
  });
  expect(reg.code, reg.msg).toBe(200);
  const token = reg.data.token;
  const credit = await fetch(`${market.adminUrl}/admin/users/${reg.data.user.id}/adjustments`, {
    method: 'POST',
    headers: { ...operatorAuth(market.operators.fay), 'content-type': 'application/json' },
    body: JSON.stringify({
      direction: 'credit',
      amount: '500',
      category: 'goodwill',
      reason: 'e2e: money to withdraw',
    }),
  }).then((r) => r.json() as Promise<{ data: { status: string } }>);
  expect(credit.data.status).toBe('posted');
  expect(
    (await send(market, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' }, token)).code,
  ).toBe(200);
  const card = await send(
    market,
    '/api/user/add_card',
    {
      bank_name: 'E2E Bank',
      branch: 'Main',
      holder: 'Test Holder',
      card_number: `6222${Date.now().toString().slice(-12)}`,
    },
    token,
  );
  expect(card.code, card.msg).toBe(200);
  return { token, account };
}

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
