import type { Page } from '@playwright/test';
import type { Order } from '@app/contracts';
import { expect, test } from '../support/market-server.ts';
import { fundedUser, post } from '../support/funded-user.ts';
import { useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { text } from '../support/texts.ts';

/**
 * A user sets a daily loss limit on the Limits page (under Security, and linked from the order sheet), trades up
 * to it, and the order that would cross it is refused with the limit's name and when it frees. The page at 390x844
 * in English and Chinese.
 */

const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

test('set a daily loss limit, trade up to it, and the order that would cross it is refused', async ({
  page,
  market,
}) => {
  test.setTimeout(180_000);
  const { token } = await fundedUser(market, 'lim');
  await useSession(page, token, 'en');

  // Security → Limits and breaks.
  await page.goto(`${market.url}/h5/#/pages/user/security`);
  await page.getByRole('link', { name: /Limits and breaks/ }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Your limits' })).toBeVisible();
  await expect(page.getByText('An open order counts as lost in full until it settles', { exact: false })).toBeVisible();
  const row = page.getByTestId('limit-loss_day');
  await expect(row).toContainText('No limit');
  await row.getByRole('button', { name: /Set|Change/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Amount (U)').fill('15');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('15.00 U');
  await expect(row).toContainText('Used: 0.00 U');
  await fitsTheScreen(page);
  await keepScreenshot(page, 'limits-en.png', { fullPage: true });

  // A raise waits: the page says until when.
  await row.getByRole('button', { name: /Change/ }).click();
  await dialog.getByLabel('Amount (U)').fill('50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row).toContainText('Change to 50.00 U waits until');
  await expect(row).toContainText('15.00 U');

  // 10 U (10.05 with its fee) counts as lost until it settles; 10 more would make 20.10 of 15.
  const first = await post<Order>(
    market.url,
    '/api/user/addorder',
    { symbol: 'BTC/USDT', seconds: '30', amount: '10', direction: 'up', key: `lim-${Date.now()}` },
    token,
  );
  expect(first.code, first.msg).toBe(200);
  await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
  await page.getByRole('button', { name: 'Buy rise' }).click();
  const sheet = page.getByTestId('order-sheet');
  await expect(sheet.getByRole('link', { name: 'Your limits and breaks' })).toBeVisible();
  await sheet.getByRole('radio', { name: /^30 s/ }).click();
  await sheet.getByLabel('Amount', { exact: true }).fill('10');
  await sheet.getByRole('button', { name: 'Review order' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'I understand' }).click();
  await page.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByRole('alert')).toContainText('This would go over your daily loss limit of 15.00 U');
  await expect(page.getByRole('alert')).toContainText('It allows more from');
  await keepScreenshot(page, 'limits-refused-en.png');

  // The same page in Chinese, with the break chooser and its confirmation.
  await page.evaluate(() => localStorage.setItem('lang', 'zh'));
  await page.goto(`${market.url}/h5/#/pages/user/limits`);
  await page.reload();
  const zh = (key: string) => text('account', 'zh', key);
  await expect(page.getByRole('heading', { level: 2, name: zh('limits.yours') })).toBeVisible();
  await expect(page.getByTestId('limit-loss_day')).toContainText('15.00');
  await fitsTheScreen(page);
  await keepScreenshot(page, 'limits-zh.png', { fullPage: true });
  await page.getByRole('button', { name: zh('limits.periods.7d') }).click();
  await page.getByRole('button', { name: zh('limits.startTimeout') }).click();
  await expect(page.getByRole('dialog')).toContainText(zh('limits.breakYes'));
  await keepScreenshot(page, 'limits-break-zh.png');
});
