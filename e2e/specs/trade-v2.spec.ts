import type { Page } from '@playwright/test';
import type { Order } from '@app/contracts';
import { api, expect, test, type MarketServer } from '../support/market-server.ts';
import { text, type Lang } from '../support/texts.ts';
import { CHART_TABLES, seriousViolations } from '../support/axe.ts';
import { demoToken } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * Trading v2 end to end on the market server (feed, settlement and alerts jobs on): switch to practice,
 * place an order with the Practice badge on every step and the real balance untouched; set a price alert
 * that fires at a recorded tick; the My trading page matches the orders; then de and th at 360 px under axe.
 */

type Balances = { balances: { available: string; frozen: string } };

const tr = (key: string, lang: Lang = 'en') => text('trade', lang, key);
const shot = (page: Page, name: string) => keepScreenshot(page, `trade-v2-${name}.png`, { fullPage: true });

async function register(market: MarketServer): Promise<string> {
  // The market server has the demo user; a session of its own keeps this spec's practice account fresh.
  return demoToken(market.url);
}

async function start(page: Page, market: MarketServer, lang: Lang) {
  const token = await register(market);
  await page.addInitScript(
    ([tk, l]) => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('token', tk!);
      localStorage.setItem('lang', l!);
      localStorage.setItem('trade.mode', 'real');
    },
    [token, lang],
  );
  return token;
}

test('practice: switch, place an order with the badge on every step, real balance untouched; an alert fires; P/L matches', async ({
  page,
  market,
}) => {
  test.setTimeout(240_000);
  const token = await start(page, market, 'en');
  const realBefore = await api<Balances>(market.url, '/api/user/index', token);

  await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
  await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
  await expect(page.getByTestId('practice-badge')).toHaveCount(0);
  await page.getByTestId('mode-practice').click();
  await expect(page.getByTestId('practice-badge')).toBeVisible();
  await expect(page.getByTestId('practice-balance')).toContainText('10,000.00 U');
  expect(await page.evaluate(() => document.documentElement.dataset.tradeMode)).toBe('practice');
  await shot(page, 'product-practice');

  // The order sheet: the badge on the form, the risk notice, the confirmation naming the account.
  await page.getByRole('button', { name: tr('sheet.buyUp') }).click();
  const sheet = page.getByTestId('order-sheet');
  await expect(sheet.getByTestId('practice-badge')).toBeVisible();
  await sheet.getByRole('radio', { name: /30 s/ }).click();
  await sheet.getByLabel(tr('sheet.amount'), { exact: true }).fill('10');
  await sheet.getByRole('button', { name: tr('sheet.review') }).click();
  const risk = page.getByRole('button', { name: tr('risk.accept') });
  if (await risk.isVisible().catch(() => false)) await risk.click();
  await expect(page.getByTestId('confirm-terms')).toContainText(tr('practice.account.practice'));
  await expect(sheet.getByTestId('practice-badge')).toBeVisible();
  await shot(page, 'confirm-practice');
  const placed = page.waitForResponse((r) => r.url().includes('/api/user/addorder'));
  await page.getByRole('button', { name: tr('confirm.submit') }).click();
  const order = ((await (await placed).json()) as { data: Order }).data;
  expect(order.mode).toBe('practice');
  await expect(page.getByTestId('running-order')).toBeVisible();
  await expect(page.getByTestId('practice-badge').first()).toBeVisible();
  await expect(page.getByTestId('practice-balance')).toContainText('9,989.95 U');
  expect(await api<Balances>(market.url, '/api/user/index', token)).toEqual(realBefore);

  // A price alert: a move of 0.01 % within a minute, checked by the server against the recorded ticks.
  await page.getByTestId('alerts-open').click();
  const alerts = page.getByTestId('alerts-sheet');
  await alerts.getByRole('button', { name: tr('alerts.kind.move') }).click();
  await alerts.getByLabel(tr('alerts.pct')).fill('0.01');
  await alerts.getByLabel(tr('alerts.minutes')).fill('1');
  await alerts.getByRole('button', { name: tr('alerts.set') }).click();
  await expect(alerts.getByText(tr('alerts.created'))).toBeVisible();
  const item = alerts.getByTestId('alerts-list').locator('li').first();
  await expect(item).toContainText(tr('alerts.status.fired'), { timeout: 90_000 });
  await expect(item).toContainText('fired at');
  const fired = (
    await api<{ items: Array<{ status: string; fired_tick: { ts: number; price: string } | null }> }>(
      market.url,
      '/api/user/alerts?symbol=BTC/USDT',
      token,
    )
  ).items[0]!;
  expect(fired.status).toBe('fired');
  expect(fired.fired_tick).not.toBeNull();
  await shot(page, 'alert-fired');
  await page.keyboard.press('Escape');

  // Settled, the practice order is counted on My trading in practice mode, and in the practice Order tab.
  await expect
    .poll(async () => (await api<Order>(market.url, `/api/user/get_this_order?id=${order.id}`, token)).status, {
      timeout: 90_000,
    })
    .toBe('settled');
  const settled = await api<Order>(market.url, `/api/user/get_this_order?id=${order.id}`, token);
  const pnl = await api<{ total: { orders: number; pnl: string; fees: string } }>(
    market.url,
    '/api/user/pnl?mode=practice',
    token,
  );
  expect(pnl.total.orders).toBe(1);
  expect(pnl.total.pnl).toBe(settled.pnl);
  expect(pnl.total.fees).toBe(settled.fee);
  await page.goto(`${market.url}/h5/#/pages/trade/pnl`);
  await expect(page.getByTestId('practice-badge')).toBeVisible();
  await expect(page.getByTestId('pnl-summary')).toContainText('Over 1 order you');
  const shown = Number(settled.pnl).toLocaleString('en-US', { minimumFractionDigits: 2 });
  await expect(page.getByTestId('pnl-net')).toContainText(shown.replace('-', ''));
  await shot(page, 'pnl-practice');

  await page.goto(`${market.url}/h5/#/pages/user/order?tab=history`);
  await expect(page.getByTestId('practice-badge')).toBeVisible();
  await expect(page.locator(`[href*="id=${order.id}"]`).first()).toBeVisible();
  await page.goto(`${market.url}/h5/#/pages/user/order?tab=history&id=${order.id}`);
  await expect(page.getByTestId('order-detail').getByTestId('practice-badge')).toBeVisible();
  await page.goto(`${market.url}/h5/#/pages/user/order?tab=history`);
  // Back to real: the practice order is not in the real lists, and the real balance never moved.
  await page.getByTestId('mode-real').click();
  await expect(page.getByTestId('practice-badge')).toHaveCount(0);
  await expect(page.locator(`[href*="id=${order.id}"]`)).toHaveCount(0);
  expect(await api<Balances>(market.url, '/api/user/index', token)).toEqual(realBefore);

  // The fired alert is a message in the inbox too, with the recorded price that fired it.
  await page.goto(`${market.url}/h5/#/pages/user/message`);
  const message = page.getByRole('listitem').filter({ hasText: 'Price alert: BTC/USDT' });
  await expect(message).toBeVisible();
  await message.getByText('Price alert: BTC/USDT').click();
  // In the reader's grouping (English here), every recorded digit kept.
  const grouped = fired.fired_tick!.price.replace(/^\d+/, (whole) => Number(whole).toLocaleString('en-US'));
  await expect(message.getByText(`reached ${grouped}`)).toBeVisible();
});

for (const lang of ['de', 'th'] as const) {
  test(`practice, alerts and My trading at 360 px in ${lang}, axe clean`, async ({ page, market }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 360, height: 780 });
    await start(page, market, lang);
    await page.goto(`${market.url}/h5/#/pages/trade/trade?class=crypto`);
    await page.getByTestId('mode-practice').click();
    await expect(page.getByTestId('practice-badge')).toHaveText(tr('practice.badge', lang));
    expect.soft(await seriousViolations(page, CHART_TABLES), 'quotes').toEqual([]);

    await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    await expect(page.getByTestId('practice-badge')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'product').toEqual([]);
    await shot(page, `product-${lang}`);

    await page.getByTestId('alerts-open').click();
    await expect(page.getByTestId('alerts-sheet')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'alerts').toEqual([]);
    await shot(page, `alerts-${lang}`);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: tr('sheet.buyUp', lang) }).click();
    const sheet = page.getByTestId('order-sheet');
    await sheet.getByLabel(tr('sheet.amount', lang), { exact: true }).fill('10');
    await sheet.getByRole('button', { name: tr('sheet.review', lang) }).click();
    const risk = page.getByRole('button', { name: tr('risk.accept', lang) });
    if (await risk.isVisible().catch(() => false)) await risk.click();
    await expect(page.getByTestId('confirm-terms')).toContainText(tr('practice.account.practice', lang));
    await expect(sheet.getByTestId('practice-badge')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'confirmation').toEqual([]);
    await shot(page, `confirm-${lang}`);

    await page.goto(`${market.url}/h5/#/pages/trade/pnl`);
    await expect(page.getByTestId('pnl-summary')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'my trading').toEqual([]);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await shot(page, `pnl-${lang}`);
  });
}
