import { expect, test } from '../support/market-server.ts';
import { text, type Lang } from '../support/texts.ts';
import { CHART_TABLES, seriousViolations } from '../support/axe.ts';
import { demoToken } from '../support/session.ts';

/** The trade remote's screens (quotes, product, order sheet and confirmation, Order tab) under axe. */

for (const [lang, scheme] of [
  ['en', 'light'],
  ['en', 'dark'],
  ['de', 'light'],
] as const) {
  test(`no serious or critical axe violation on trade screens (${lang}, ${scheme})`, async ({ page, market }) => {
    test.setTimeout(180_000);
    const t = (key: string) => text('trade', lang as Lang, key);
    await page.emulateMedia({ colorScheme: scheme });
    const token = await demoToken(market.url);
    await page.addInitScript(
      ([tk, l]) => {
        localStorage.setItem('token', tk!);
        localStorage.setItem('lang', l!);
      },
      [token, lang],
    );
    await page.goto(`${market.url}/h5/#/pages/trade/trade?class=crypto`);
    await expect(page.getByTestId('quote-BTC/USDT')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'quotes').toEqual([]);

    await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
    await expect(page.getByTestId('kline-chart').locator('canvas').first()).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'product').toEqual([]);

    await page.getByRole('button', { name: t('sheet.buyUp') }).click();
    await page.getByTestId('order-sheet').getByLabel(t('sheet.amount'), { exact: true }).fill('5');
    await page.getByTestId('order-sheet').getByLabel(t('sheet.amount'), { exact: true }).blur();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'sheet with an error').toEqual([]);
    await page.getByTestId('order-sheet').getByLabel(t('sheet.amount'), { exact: true }).fill('10');
    await page.getByRole('button', { name: t('sheet.review') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'risk notice').toEqual([]);
    await page.getByRole('button', { name: t('risk.accept') }).click();
    await expect(page.getByTestId('confirm-terms')).toBeVisible();
    expect.soft(await seriousViolations(page, CHART_TABLES), 'confirmation').toEqual([]);

    for (const tab of ['contract', 'holding', 'history', 'project']) {
      await page.goto(`${market.url}/h5/#/pages/user/order?tab=${tab}`);
      await expect(page.getByRole('tab', { selected: true })).toBeVisible();
      expect.soft(await seriousViolations(page, CHART_TABLES), `orders ${tab}`).toEqual([]);
    }
  });
}
