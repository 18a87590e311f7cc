import type { Page } from '@playwright/test';
import { settled } from '../support/axe.ts';
import { expect, SHORT_PERIOD, test, type MarketServer } from '../support/market-server.ts';
import { text, type Lang } from '../support/texts.ts';
import { demoToken } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The trade screens at 390x844 in English, German and Chinese (quotes, product page with chart, order sheet,
 * confirmation, result dialog, Order tab), saved for a human to look at, and checked for what a machine can
 * judge: nothing wider than the screen, also at 360 px in German and Thai.
 */

const shot = async (page: Page, name: string, lang: string) => {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} fits`).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  await keepScreenshot(page, `trade-${name}-${lang}.png`);
};

async function session(page: Page, market: MarketServer, lang: Lang) {
  const token = await demoToken(market.url);
  await page.addInitScript(
    ([t, l]) => {
      localStorage.setItem('token', t!);
      localStorage.setItem('lang', l!);
      localStorage.setItem('trade.risk-notice.accepted', '1');
    },
    [token, lang],
  );
}

for (const lang of ['en', 'de', 'zh'] as const) {
  test(`trade screens at 390x844 (${lang})`, async ({ page, market }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text('trade', lang, key);
    await session(page, market, lang);

    await page.goto(`${market.url}/h5/#/pages/trade/trade?class=crypto`);
    await expect(page.getByTestId('quote-BTC/USDT')).toBeVisible();
    await settled(page);
    await shot(page, 'quotes', lang);

    await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    await settled(page);
    await shot(page, 'product', lang);

    await page.getByRole('button', { name: t('sheet.buyUp') }).click();
    const sheet = page.getByTestId('order-sheet');
    await sheet
      .getByRole('radio', { name: new RegExp(`^${t('period.seconds').replace('{{n}}', String(SHORT_PERIOD))}`) })
      .click();
    await sheet.getByLabel(t('sheet.amount'), { exact: true }).fill('100');
    await shot(page, 'sheet', lang);
    await sheet.getByRole('button', { name: t('sheet.review') }).click();
    await expect(page.getByTestId('confirm-terms')).toBeVisible();
    await shot(page, 'confirm', lang);
    await page.getByRole('button', { name: t('confirm.submit') }).click();
    await expect(page.getByTestId('running-order').getByRole('timer')).toBeVisible();
    await settled(page);
    await shot(page, 'running', lang);
    await expect(page.getByTestId('result-dialog')).toBeVisible({ timeout: 60_000 });
    await shot(page, 'result', lang);
    await page.getByRole('button', { name: t('result.details') }).click();
    await expect(page.getByTestId('order-detail')).toBeVisible();
    await shot(page, 'detail', lang);

    await page.goto(`${market.url}/h5/#/pages/user/order?tab=history`);
    await expect(page.locator('[data-testid^="order-"]').first()).toBeVisible();
    await shot(page, 'orders', lang);
  });
}

for (const lang of ['de', 'th'] as const) {
  test(`nothing overflows at 360 px (${lang})`, async ({ page, market }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const t = (key: string) => text('trade', lang, key);
    await session(page, market, lang);
    await page.goto(`${market.url}/h5/#/pages/trade/trade?class=futures`);
    await expect(page.getByRole('tab', { selected: true })).toBeVisible();
    await expect(page.locator('[data-testid^="quote-"]').first()).toBeVisible();
    await settled(page);
    await shot(page, 'quotes-360', lang);
    await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    await shot(page, 'product-360', lang);
    await page.getByRole('button', { name: t('sheet.buyDown') }).click();
    await page.getByTestId('order-sheet').getByLabel(t('sheet.amount'), { exact: true }).fill('100');
    await shot(page, 'sheet-360', lang);
    await page.getByRole('button', { name: t('sheet.review') }).click();
    await shot(page, 'confirm-360', lang);
    await page.goto(`${market.url}/h5/#/pages/user/order?tab=contract`);
    await expect(page.getByRole('tabpanel')).not.toBeEmpty();
    await settled(page);
    await shot(page, 'orders-360', lang);
  });
}
