import { randomBytes } from 'node:crypto';
import { expect } from '@playwright/test';
import type { AdminKycItem, RiskRule } from '@app/contracts';
import { consoleUrl, joinConsoleAs, operatorApi } from '../support/console-operator.ts';
import { sendDeposit } from '../support/deposits.ts';
import { fundedUser, post } from '../support/funded-user.ts';
import { residentId } from '../support/identity.ts';
import { test, type MarketServer } from '../support/market-server.ts';
import { changeControl } from '../support/operators.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text } from '../support/texts.ts';

// The risk rules of the withdrawal queue, each raised by what a user does, and seen by a reviewer in the console at
// 1280x800 before deciding (the deposit-velocity rule has its own test in console-live.spec.ts). On the market
// server, whose users can sign in from a public address (it trusts X-Forwarded-For, as behind nginx).

const c = (key: string) => text('console', 'en', key);
const WITHDRAWAL_RULES: RiskRule[] = [
  'withdrawal_velocity',
  'withdraw_without_trading',
  'holder_name_mismatch',
  'shared_payout_method',
  'shared_address',
  'new_payout_method',
];
// A documentation address (RFC 5737), which the rule counts as one household's, unlike private and carrier ones.
const HOUSEHOLD = '203.0.113.57';

/** A control change as operators make it: proposed by one admin and, being held, approved by another. */
async function change(market: MarketServer, route: string, body: object) {
  const { alice, bob } = market.operators;
  const answer = await changeControl(market.adminUrl, { maker: alice, checker: bob }, route, body);
  expect(answer.code, `${route}: ${answer.msg}`).toBe(200);
}

async function signInFrom(market: MarketServer, account: string, address: string) {
  const response = await fetch(`${market.url}/api/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
    body: new URLSearchParams({ account, password: 'secret123' }).toString(),
  });
  expect(((await response.json()) as { code: number }).code).toBe(200);
}

test('each withdrawal rule flags what a user did, and the reviewer sees every flag with the item', async ({
  browser,
  market,
}) => {
  test.setTimeout(300_000);
  await change(market, '/admin/wallet-settings', {
    reason: 'e2e: withdrawals at any hour, no hold, ten a day',
    withdraw_from: '00:00',
    withdraw_to: '00:00',
    hold_hours: 0,
    withdraw_daily_count: 10,
  });
  // Tuned as operators tune them (each a held change): 100 U counts as large, and one other account at an address
  // is enough (a card shared with one other account already is, by default).
  await change(market, '/admin/risk/rules/new_payout_method', {
    reason: 'e2e: 100 U is large here',
    threshold: '100',
    window_seconds: 86_400,
    enabled: true,
  });
  await change(market, '/admin/risk/rules/shared_address', {
    reason: 'e2e: one other account is enough',
    threshold: '1',
    window_seconds: 7 * 86_400,
    enabled: true,
  });

  const user = await fundedUser(market, 'risk', '500');
  const other = await fundedUser(market, 'riskb', '10');
  // Verified as 张三 by an operator.
  const kyc = await post(
    market.url,
    '/api/user/certification',
    { real_name: '张三', doc_type: 'cn_id', id_number: residentId() },
    user.token,
  );
  expect(kyc.code, kyc.msg).toBe(200);
  const pending = await operatorApi<{ items: AdminKycItem[] }>(
    market.operators.alice,
    `/admin/kyc?state=pending&user=${user.id}`,
    undefined,
    market,
  );
  const request = pending.data.items.find((i) => i.user_id === user.id);
  expect(request, 'the real-name request in the queue').toBeTruthy();
  const approved = await operatorApi(
    market.operators.alice,
    `/admin/kyc/${request!.id}/approve`,
    { reason: 'e2e: documents match' },
    market,
  );
  expect(approved.code, approved.msg).toBe(200);
  // A deposit credited, then no order.
  const deposit = await sendDeposit(browser, user.token, '150.00', market.url);
  const credited = await operatorApi(
    market.operators.fay,
    `/admin/deposits/${deposit.id}/approve`,
    { reason: 'e2e: transfer received' },
    market,
  );
  expect(credited.code, credited.msg).toBe(200);
  // Both accounts sign in from one household address, and bind one Alipay account, held by someone else than 张三.
  await signInFrom(market, user.account, HOUSEHOLD);
  await signInFrom(market, other.account, HOUSEHOLD);
  const alipay = `139${String(Date.now()).slice(-8)}`;
  let methodId = 0;
  for (const owner of [user, other]) {
    const bound = await post<{ id: number }>(
      market.url,
      '/api/user/add_payment',
      { kind: 'alipay', holder: 'Wang Wu', account: alipay },
      owner.token,
    );
    expect(bound.code, bound.msg).toBe(200);
    if (owner === user) methodId = bound.data.id;
  }
  expect(
    (await post(market.url, '/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' }, user.token))
      .code,
  ).toBe(200);
  // Three withdrawals of 100 U within the day, to the account bound a minute ago.
  let last = 0;
  for (let i = 0; i < 3; i++) {
    const sent = await post<{ id: number }>(
      market.url,
      '/api/user/cash',
      { method_id: String(methodId), amount: '100', fund_password: 'fund1234', key: randomBytes(12).toString('hex') },
      user.token,
    );
    expect(sent.code, sent.msg).toBe(200);
    last = sent.data.id;
  }

  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  await joinConsoleAs(page, 'finance', 'risk', market);
  await page.goto(`${consoleUrl(market)}#/withdrawals`);
  await expect(page.getByRole('heading', { name: c('withdrawals.title') })).toBeVisible();
  // The queue's row says it is flagged before anyone opens it.
  await expect(page.getByTestId(`withdrawal-row-${last}`).getByTestId('row-risk-flags')).toBeVisible();
  await page
    .getByTestId(`withdrawal-row-${last}`)
    .getByRole('button', { name: c('withdrawals.open').replace('{{id}}', String(last)) })
    .click();
  const flags = page.getByTestId('risk-flags');
  for (const rule of WITHDRAWAL_RULES) await expect(flags.getByTestId(`risk-flag-${rule}`).first(), rule).toBeVisible();
  await expect(flags).toContainText(c('risk.thisItem'));
  await keepScreenshot(page, 'console-risk-withdrawal-flags.png');

  // Each rule's hits on the rules page.
  await page.getByRole('link', { name: new RegExp(`^${c('nav.risk')}`) }).click();
  await expect(page.getByRole('heading', { name: c('risk.title') })).toBeVisible();
  for (const rule of WITHDRAWAL_RULES) {
    const hits = page.getByTestId(`risk-rule-${rule}`).locator('td').nth(4);
    await expect.poll(async () => Number(await hits.innerText()), { message: rule }).toBeGreaterThan(0);
  }
  await context.close();
});
