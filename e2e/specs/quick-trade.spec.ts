import { expect, test, SHORT_PERIOD } from '../support/market-server.ts';
import { api } from '../support/market-server.ts';
import { fundedUser, post } from '../support/funded-user.ts';
import { useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * Quick trade: off by default; turned on in a settings sheet that shows the terms and asks the user to confirm
 * them once; then one tap on Rise or Fall places one order (a double tap too), with the terms on the buttons;
 * the user's limits refuse a quick order as they refuse any other.
 */
test('quick trade places one order per tap with the terms on the buttons, and limits still apply', async ({
  page,
  market,
}) => {
  test.setTimeout(120_000);
  const user = await fundedUser(market, 'qck');
  const orders = async () =>
    (await api<{ items: unknown[] }>(market.url, '/api/user/orderlist?mode=real&size=50', user.token)).items.length;
  await useSession(page, user.token, 'en');
  await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC%2FUSDT`);
  // Off by default: the usual buttons open the order sheet.
  await expect(page.getByRole('button', { name: 'Buy rise' })).toBeVisible();
  await expect(page.getByTestId('quick-buttons')).toHaveCount(0);

  await page.getByRole('button', { name: 'Quick trade: off' }).click();
  const sheet = page.getByRole('dialog', { name: 'Quick trade · BTC/USDT' });
  await sheet.getByRole('radio', { name: new RegExp(`^${SHORT_PERIOD} s`) }).click();
  await sheet.getByLabel('Stake per tap (U)').fill('10');
  const terms = sheet.getByTestId('quick-terms');
  await expect(terms).toContainText('Fee (0.50%)0.05 U');
  await expect(terms).toContainText('Deducted now (amount + fee)10.05 U');
  await expect(terms).toContainText('+7.95 U');
  await expect(terms).toContainText('−10.05 U');
  // Not on before the user says they read the terms.
  await sheet.getByRole('button', { name: 'Turn on' }).click();
  await expect(sheet).toContainText('Tick the box to confirm you have read the terms');
  await keepScreenshot(page, 'quick-trade-sheet-en.png');
  await sheet.getByRole('checkbox').check();
  await sheet.getByRole('button', { name: 'Turn on' }).click();
  await expect(sheet).toBeHidden();

  const buttons = page.getByTestId('quick-buttons');
  const rise = buttons.getByRole('button', { name: /Rise/ });
  const fall = buttons.getByRole('button', { name: /Fall/ });
  for (const b of [rise, fall]) {
    await expect(b).toContainText(`10.00 U · ${SHORT_PERIOD} s · pays 80%`);
    await expect(b).toContainText('win +7.95 U · lose −10.05 U');
  }
  await keepScreenshot(page, 'quick-trade-buttons-en.png');

  await rise.click();
  await expect(page.getByRole('status').getByText('Order placed')).toBeVisible();
  await expect.poll(orders).toBe(1);
  // A double tap is one order.
  await fall.dblclick();
  await expect.poll(orders).toBe(2);
  await page.waitForTimeout(1500);
  expect(await orders()).toBe(2);

  // A largest stake of 5 U: the quick order is refused with the limit's name, and nothing is placed.
  const limit = await post(market.url, '/api/user/limits/set', { name: 'max_stake', value: '5' }, user.token);
  expect(limit.code, limit.msg).toBe(200);
  await expect(rise).toBeEnabled();
  await rise.click();
  // The refusal's notice, not the running order's countdown (also a status, while the last order runs).
  await expect(page.getByRole('status').filter({ hasText: 'largest single stake' })).toBeVisible({ timeout: 10_000 });
  await page.waitForTimeout(1000);
  expect(await orders()).toBe(2);

  // Turned off again: the usual buttons are back.
  await page.getByRole('button', { name: 'Quick trade: on · settings' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByRole('button', { name: 'Buy rise' })).toBeVisible();
});
