import type { Page } from '@playwright/test';
import { expect, test, SHORT_PERIOD } from '../support/market-server.ts';
import { fundedUser, post } from '../support/funded-user.ts';
import { useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text } from '../support/texts.ts';

/**
 * News reaches the page that is open: a price alert that fires shows a toast on the product page, and an order's
 * result one on Mine, each with a link to what it is about and a button that closes it.
 */
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('a fired price alert shows a toast on the product page', async ({ page, market }) => {
  test.setTimeout(150_000);
  const user = await fundedUser(market, 'ntc');
  await useSession(page, user.token, 'en');
  await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC/USDT`);
  await expect(page.getByTestId('alerts-open')).toBeVisible();
  // Set after the page is open: a move of 0.01 % within a minute, checked by the server against the recorded ticks.
  const alert = await post(
    market.url,
    '/api/user/alerts',
    { symbol: 'BTC/USDT', kind: 'move', pct: '0.01', minutes: '1' },
    user.token,
  );
  expect(alert.code, alert.msg).toBe(200);
  const notice = page.getByRole('status').getByTestId('notice').filter({ hasText: 'Price alert: BTC/USDT' });
  await expect(notice).toBeVisible({ timeout: 100_000 });
  await expect(notice.getByRole('link')).toHaveAttribute('href', '#/pages/trade/trade?symbol=BTC%2FUSDT');
  await fitsTheScreen(page);
  await keepScreenshot(page, 'notice-alert-en.png');
  await notice.getByRole('button', { name: 'Close this notice' }).click();
  await expect(notice).toBeHidden();
});

for (const lang of ['en', 'zh'] as const) {
  test(`an order's result shows a toast on Mine (${lang})`, async ({ page, market }) => {
    test.setTimeout(90_000);
    const user = await fundedUser(market, `ntr${lang}`);
    await useSession(page, user.token, lang);
    await page.goto(`${market.url}/h5/#/pages/user/user`);
    await expect(page.getByRole('navigation').first()).toBeVisible();
    const placed = await post<{ id: number }>(
      market.url,
      '/api/user/addorder',
      {
        symbol: 'BTC/USDT',
        seconds: String(SHORT_PERIOD),
        amount: '10',
        direction: 'up',
        key: `ntc-${lang}-${Date.now()}`,
      },
      user.token,
    );
    expect(placed.code, placed.msg).toBe(200);
    const notice = page.getByRole('status').getByTestId('notice').filter({ hasText: 'BTC/USDT' });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    // Exactly one toast for the one order, though the page asks again every few seconds.
    await page.waitForTimeout(4000);
    await expect(page.getByTestId('notice')).toHaveCount(1);
    await expect(notice.getByRole('link')).toHaveAttribute('href', `#/pages/user/order?id=${placed.data.id}`);
    const body = text('common', lang, 'notices.body').split('{{')[0]!.trim();
    await expect(notice).toContainText(body);
    await fitsTheScreen(page);
    await keepScreenshot(page, `notice-result-${lang}.png`);
    await notice.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`order\\?id=${placed.data.id}`));
    await expect(notice).toBeHidden();
  });
}
