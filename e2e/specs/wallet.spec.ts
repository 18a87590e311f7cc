import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { api, expect, test, type MarketServer } from '../support/market-server.ts';
import type { OperatorName } from '../support/operators.ts';
import { repoRoot } from '../support/paths.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations } from '../support/axe.ts';
import { demoToken } from '../support/session.ts';
import { openAs, withdrawReadyUser } from '../support/funded-user.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The wallet end to end, against the market server (its price feed records the prices an exchange quotes at):
 * a deposit with a screenshot approved by an operator through `pnpm ops`, a withdrawal to a bound card refused
 * (amount back), an exchange both ways, and the statement with its CSV; then de and th at 360 px under axe.
 */

const run = promisify(execFile);
const w = (key: string, lang: Lang = 'en') => text('wallet', lang, key);
const e = (key: string, lang: Lang = 'en') => text('errors', lang, key);

/** A valid 8x6 PNG (ends with its IEND chunk, nothing appended). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQqziBFTEMpAQAG7NBoZm0iP0AAAAASUVORK5CYII=',
  'base64',
);

/**
 * The operator CLI, exactly as an operator runs it with their own API token, pointed at the market server's
 * admin API.
 */
async function ops(market: MarketServer, operator: OperatorName, ...args: string[]): Promise<string> {
  const { stdout } = await run('pnpm', ['--silent', '--filter', '@app/server', 'ops', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ADMIN_URL: market.adminUrl, OPS_TOKEN: market.operators[operator] },
  });
  return stdout;
}

async function post<T>(market: MarketServer, url: string, body: Record<string, string>, token: string): Promise<T> {
  const response = await fetch(`${market.url}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: new URLSearchParams(body).toString(),
  });
  const envelope = (await response.json()) as { code: number; key: string; data: T };
  if (envelope.code !== 200) throw new Error(`${url}: ${envelope.key}`);
  return envelope.data;
}

/**
 * Settings for a test that may run at any hour: the window all day, no hold on a new card. Those weaken a control,
 * so they wait for a second admin, who approves them with the CLI too (unless an earlier spec on this market server
 * left them so already, and nothing was held).
 */
async function withdrawalsAnyHour(market: MarketServer) {
  await ops(
    market,
    'alice',
    'wallet',
    'set',
    'withdraw_from=00:00',
    'withdraw_to=00:00',
    'hold_hours=0',
    'withdraw_daily_count=10',
    '-r',
    'e2e: any hour, no hold',
  );
  const held = /#(\d+) wallet\.settings/.exec(await ops(market, 'bob', 'held', 'list'))?.[1];
  if (held) await ops(market, 'bob', 'held', 'approve', held, '-r', 'e2e: agreed, any hour and no hold');
}

async function demoSession(page: Page, market: MarketServer, lang: Lang = 'en') {
  const token = await demoToken(market.url);
  await page.addInitScript(
    ([tk, l]) => {
      localStorage.setItem('token', tk!);
      localStorage.setItem('lang', l!);
    },
    [token, lang],
  );
  return token;
}

type Assets = { cash: { available: string; frozen: string }; coins: Array<{ coin: string; amount: string }> };
const available = async (market: MarketServer, token: string) =>
  (await api<Assets>(market.url, '/api/user/assets', token)).cash.available;
const cents = (s: string) => Math.round(Number(s) * 100);

const shot = (page: Page, name: string) => keepScreenshot(page, `wallet-${name}.png`, { fullPage: true });

test('deposit with a screenshot, operator approves by CLI; withdraw and refuse; exchange both ways; statement and CSV', async ({
  page,
  market,
}) => {
  test.setTimeout(300_000);
  const token = await demoSession(page, market);
  await withdrawalsAnyHour(market);
  const start = cents(await available(market, token));

  // ---- deposit ----
  await page.goto(`${market.url}/h5/#/pages/user/rechargeList`);
  await page.getByRole('link', { name: /^Bank transfer/ }).click();
  await expect(page.getByText('Demo Bank')).toBeVisible();
  await page.getByLabel(w('recharge.amount')).fill('500');
  await page.getByLabel(w('recharge.payer')).fill('Demo Payer');
  await page.getByLabel(w('recharge.note')).fill('e2e transfer');
  await page.getByTestId('screenshot-input').setInputFiles({ name: 'proof.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: w('recharge.screenshotPreview') })).toBeVisible();
  await shot(page, 'recharge-form');
  await page.getByRole('button', { name: w('recharge.submit') }).click();
  const code = (await page.getByTestId('reference-code').innerText()).trim();
  expect(code).toMatch(/^[A-Z2-9]{8}$/);
  await shot(page, 'recharge-submitted');

  const pending = await ops(market, 'fay', 'deposits', 'list');
  expect(pending).toContain(code);
  const records = await api<{ items: Array<{ id: number; reference_code: string }> }>(
    market.url,
    '/api/user/recharge_record',
    token,
  );
  const deposit = records.items.find((r) => r.reference_code === code)!;
  expect(await ops(market, 'fay', 'deposits', 'approve', String(deposit.id), '-r', 'bank statement matched')).toContain(
    'success',
  );
  expect(cents(await available(market, token))).toBe(start + 50_000);

  await page.goto(`${market.url}/h5/#/pages/user/rechargerecord`);
  await expect(page.getByTestId('recharge-row').first()).toContainText(w('status.s1'));
  await page.getByTestId('recharge-row').first().click();
  await expect(page.getByTestId('recharge-receipt')).toContainText(code);
  await expect(page.getByTestId('recharge-receipt')).toContainText(w('step.credited'));

  // ---- withdraw to a bound card, refused, amount back ----
  await post(
    market,
    '/api/user/pwd_pay',
    { password: 'fund1234', password_confirm: 'fund1234', old_password: '' },
    token,
  ).catch(() =>
    post(
      market,
      '/api/user/pwd_pay',
      { password: 'fund1234', password_confirm: 'fund1234', old_password: 'fund1234' },
      token,
    ),
  );
  await page.goto(`${market.url}/h5/#/pages/payment/bindbank`);
  await page.getByLabel(w('bank.bank_name')).fill('E2E Bank');
  await page.getByLabel(w('bank.branch')).fill('Main branch');
  await page.getByLabel(w('bank.holder')).fill('Demo User');
  await page.getByLabel(w('bank.card_number')).fill(`6222${Date.now().toString().slice(-12)}`);
  await page.getByRole('button', { name: w('bank.submit') }).click();
  await expect(page.getByTestId('method-list')).toContainText('E2E Bank');

  await page.goto(`${market.url}/h5/#/pages/user/cash`);
  await page.getByLabel(w('cash.amount'), { exact: true }).fill('200');
  await expect(page.getByTestId('cash-fee')).toHaveText('2.00 U');
  await expect(page.getByTestId('cash-received')).toHaveText('198.00 U');
  await shot(page, 'cash-form');
  await page.getByRole('button', { name: w('cash.next') }).click();
  await page.getByRole('dialog').getByLabel(w('cash.fundPassword')).fill('fund1234');
  await page
    .getByRole('dialog')
    .getByRole('button', { name: w('cash.submit') })
    .click();
  await expect(page.getByTestId('cash-result')).toContainText('198.00');
  expect(cents(await available(market, token))).toBe(start + 50_000 - 20_000);

  const cashRecords = await api<{ items: Array<{ id: number; status: number }> }>(
    market.url,
    '/api/user/cash_record',
    token,
  );
  const withdrawal = cashRecords.items[0]!;
  expect(withdrawal.status).toBe(3);
  expect(
    await ops(market, 'fay', 'withdrawals', 'refuse', String(withdrawal.id), '-r', 'Holder name differs'),
  ).toContain('failed');
  expect(cents(await available(market, token))).toBe(start + 50_000);
  await page.goto(`${market.url}/h5/#/pages/user/cashrecord?id=${withdrawal.id}`);
  await expect(page.getByTestId('cash-receipt')).toContainText('Holder name differs');
  await expect(page.getByTestId('cash-receipt')).toContainText(w('step.refunded'));
  await shot(page, 'cash-receipt');

  // ---- exchange both ways ----
  await page.goto(`${market.url}/h5/#/pages/user/wallet?view=exchange`);
  await page.getByLabel(w('exchange.spend'), { exact: true }).fill('100');
  await page.getByRole('button', { name: w('exchange.getQuote') }).click();
  await expect(page.getByTestId('exchange-quote')).toContainText(/Price held for \d+ s/);
  await shot(page, 'exchange-quote');
  await page.getByRole('button', { name: w('exchange.confirm') }).click();
  await expect(page.getByTestId('exchange-result')).toBeVisible();
  await page.getByRole('button', { name: text('common', 'en', 'actions.close'), exact: true }).click();
  const btc = (await api<Assets>(market.url, '/api/user/assets', token)).coins.find((c) => c.coin === 'BTC')!;
  expect(Number(btc.amount)).toBeGreaterThan(0);

  await page.getByRole('tab', { name: w('exchange.sell') }).click();
  await page.getByLabel(w('exchange.sellAmount').replace('{{coin}}', 'BTC'), { exact: true }).fill(btc.amount);
  await page.getByRole('button', { name: w('exchange.getQuote') }).click();
  await page.getByRole('button', { name: w('exchange.confirm') }).click();
  await expect(page.getByTestId('exchange-result')).toBeVisible();
  await page.getByRole('button', { name: text('common', 'en', 'actions.close'), exact: true }).click();
  await expect(page.getByTestId('exchange-history')).toContainText(w('exchange.sell'));
  await expect(page.getByTestId('exchange-history')).toContainText(w('exchange.buy'));
  expect(
    Number((await api<Assets>(market.url, '/api/user/assets', token)).coins.find((c) => c.coin === 'BTC')!.amount),
  ).toBe(0);

  // ---- the statement shows all of it; its CSV downloads ----
  await page.goto(`${market.url}/h5/#/pages/user/finance`);
  const rows = page.getByTestId('statement-row');
  for (const kind of ['deposit_credit', 'withdrawal_freeze', 'withdrawal_refund', 'exchange_buy', 'exchange_sell']) {
    await expect(rows.filter({ hasText: w(`finance.kinds.${kind}`) }).first()).toBeVisible();
  }
  await shot(page, 'finance');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('csv-export').click()]);
  expect(download.suggestedFilename()).toBe('statement.csv');
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('time,time_zone,type,kind,asset,bucket,amount,balance_after,reference');
  expect(csv).toContain(`deposit:${deposit.id}:credit`);
  expect(csv).toContain(`withdrawal:${withdrawal.id}:refund`);
  expect(csv).toContain('exchange_sell');

  await page.getByRole('button', { name: w('finance.types.deposit') }).click();
  await expect(rows.first()).toContainText(w('finance.kinds.deposit_credit'));
});

for (const lang of ['de', 'th'] as const) {
  test(`wallet screens in ${lang} at 360 px: nothing overflows, axe clean`, async ({ page, market }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 780 });
    // A user of its own, ready to withdraw, so the refusal below needs no earlier test's card or fund password.
    await withdrawalsAnyHour(market);
    const user = await withdrawReadyUser(market, lang);
    await openAs(page, market, user.token, lang, '/pages/user/wallet');
    const screens: Array<[string, string, () => Promise<void>]> = [
      ['wallet', '/pages/user/wallet', async () => void (await expect(page.getByTestId('total-assets')).toBeVisible())],
      [
        'exchange',
        '/pages/user/wallet?view=exchange',
        async () => void (await expect(page.getByRole('button', { name: w('exchange.getQuote', lang) })).toBeVisible()),
      ],
      [
        'recharge',
        '/pages/user/recharge?channel=2',
        async () => void (await expect(page.getByTestId('channel-qr')).toBeVisible()),
      ],
      ['cash', '/pages/user/cash', async () => void (await expect(page.getByTestId('cash-available')).toBeVisible())],
      ['finance', '/pages/user/finance', async () => void (await expect(page.getByTestId('csv-export')).toBeVisible())],
      [
        'payment',
        '/pages/payment/payment',
        async () => void (await expect(page.getByRole('link', { name: w('titles.bindWallet', lang) })).toBeVisible()),
      ],
      [
        'bindwallet',
        '/pages/payment/bindwallet',
        async () => void (await expect(page.getByRole('button', { name: w('wallet.submit', lang) })).toBeVisible()),
      ],
      [
        'rechargerecord',
        '/pages/user/rechargerecord',
        async () =>
          void (await expect(
            page
              .getByTestId('recharge-row')
              .first()
              .or(page.getByText(w('records.noRecharge', lang))),
          ).toBeVisible()),
      ],
      [
        'cashrecord',
        '/pages/user/cashrecord',
        async () =>
          void (await expect(
            page
              .getByTestId('cash-row')
              .first()
              .or(page.getByText(w('records.noWithdraw', lang))),
          ).toBeVisible()),
      ],
    ];
    for (const [name, route, ready] of screens) {
      await page.goto(`${market.url}/h5/#${route}`);
      await ready();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect.soft(overflow, `${name} overflows horizontally`).toBeLessThanOrEqual(0);
      expect.soft(await seriousViolations(page), name).toEqual([]);
      await shot(page, `${lang}-360-${name}`);
    }
    // A refusal in the language: an amount outside the limits, inline under the field.
    await page.goto(`${market.url}/h5/#/pages/user/cash`);
    await page.getByLabel(w('cash.amount', lang), { exact: true }).fill('1');
    await page.getByRole('button', { name: w('cash.next', lang) }).click();
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: e('withdraw_amount_limit', lang).slice(0, 12) })
        .first(),
    ).toBeVisible();
  });
}
