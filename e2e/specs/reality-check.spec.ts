import { expect, test, SHORT_PERIOD } from '../support/market-server.ts';
import { fundedUser, post } from '../support/funded-user.ts';
import { useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The reality check: the user chooses an interval on the Limits page (this server allows one minute, by its
 * configuration), and on whatever page is open a dialog tells how long they have been signed in and what they
 * staked and won or lost since, from the server. A session length then ends the session on the server: the app
 * lands on the sign-in page saying so.
 */
test('a reminder every interval with the session’s figures; the session length ends the session', async ({
  page,
  market,
}) => {
  test.setTimeout(200_000);
  const user = await fundedUser(market, 'rty');
  await useSession(page, user.token, 'en');
  await page.goto(`${market.url}/h5/#/pages/user/limits`);
  const choices = page.getByRole('group', { name: 'Remind me every' });
  await choices.getByRole('button', { name: '1 min' }).click();
  await expect(choices.getByRole('button', { name: '1 min' })).toHaveAttribute('aria-pressed', 'true');
  await keepScreenshot(page.locator('section', { hasText: 'Reality check' }), 'reality-setting-en.png');

  // One real order, so the figures are not all zero.
  const placed = await post(
    market.url,
    '/api/user/addorder',
    { symbol: 'BTC/USDT', seconds: String(SHORT_PERIOD), amount: '10', direction: 'up', key: `rty-${Date.now()}` },
    user.token,
  );
  expect(placed.code, placed.msg).toBe(200);
  await page.goto(`${market.url}/h5/#/pages/trade/trade?symbol=BTC/USDT`);
  const dialog = page.getByRole('dialog', { name: 'Reality check' });
  await expect(dialog).toBeVisible({ timeout: 75_000 });
  const figures = dialog.getByTestId('reality-figures');
  await expect(figures).toContainText('Orders placed1');
  await expect(figures).toContainText('Staked (with fees)10.05 U');
  await expect(dialog).toContainText(/You have been signed in for \d+ min/);
  await keepScreenshot(page, 'reality-dialog-en.png');
  await dialog.getByRole('button', { name: 'Keep going' }).click();
  await expect(dialog).toBeHidden();

  // A session length of one minute: this session began more than a minute ago, so the server ends it now.
  await page.goto(`${market.url}/h5/#/pages/user/limits`);
  const row = page.getByTestId('limit-session_minutes');
  await row.getByRole('button', { name: /Set|Change/ }).click();
  const edit = page.getByRole('dialog');
  await edit.getByLabel(/minutes/i).fill('1');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/pages\/login\/login/, { timeout: 15_000 });
  await expect(page.getByText('Your session has expired, please log in again')).toBeVisible();
  // The server refuses the old token whatever the page does.
  const refused = await fetch(`${market.url}/api/user/index`, { headers: { token: user.token } });
  expect(((await refused.json()) as { code: number }).code).toBe(401);
});
