import { expect, test } from '@playwright/test';
import { maskMiddle } from '@app/contracts';
import { joinConsoleAs } from '../support/console-operator.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { sendDeposit } from '../support/deposits.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { registerByApi } from '../support/session.ts';
import { text } from '../support/texts.ts';

/**
 * Search everything at 1280x800, as a finance operator uses it: "/" from any page, a user found by their phone
 * number (shown masked) opened with Enter, then from the user's page a deposit found by its reference (typed in
 * lower case) picked with the arrow keys and opened in the deposits queue. Screenshots in e2e/.tmp/.
 */

const c = (key: string, values: Record<string, string | number> = {}) => text('console', 'en', key, values);

test.use({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });

test('search everything: a user by phone and a deposit by its reference, each opened from the box', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const user = await registerByApi(`fs${Date.now().toString(36)}`);
  const deposit = await sendDeposit(browser, user.token);
  await joinConsoleAs(page, 'finance', 'find');

  // "/" from the page the console opened on.
  const box = page.getByRole('combobox', { name: c('search.label') });
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await expect(page.getByTestId('search-popup')).toContainText(c('search.shortcut'));
  await box.fill(user.phone);

  const results = page.getByRole('listbox', { name: c('search.results') });
  const found = results.getByRole('group', { name: c('search.groups.user') }).getByRole('option');
  await expect(found).toHaveCount(1);
  await expect(found).toContainText(user.account);
  await expect(found).toContainText(`${c('search.field.phone')}: ${maskMiddle(user.phone)}`);
  // The number itself is never shown in the results, only its mask.
  await expect(results).not.toContainText(user.phone);
  await expect(box).toHaveAttribute('aria-activedescendant', (await found.getAttribute('id'))!);
  await settled(page);
  await keepScreenshot(page, 'console-search-phone-1280.png');
  expect.soft(await seriousViolations(page), 'search results open').toEqual([]);

  await box.press('Enter');
  await expect(page.getByRole('heading', { name: new RegExp(user.account) })).toBeVisible();
  await expect(page).toHaveURL(/#\/users\/\d+$/);
  await expect(results).toBeHidden();

  // From the user's page: the deposit by its reference, the user first (the reference is theirs), then the deposit.
  await page.keyboard.press('/');
  await expect(box).toBeFocused();
  await box.fill(deposit.reference_code.toLowerCase());
  const depositOption = results
    .getByRole('group', { name: c('search.groups.deposit') })
    .getByRole('option', { name: new RegExp(deposit.reference_code) });
  await expect(depositOption).toContainText('150.00 U');
  await expect(depositOption).toContainText(c('deposits.status3'));
  await expect(results.getByRole('group', { name: c('search.groups.user') })).toContainText(
    `${c('search.field.deposit_reference')}: ${deposit.reference_code}`,
  );
  await box.press('ArrowDown');
  await expect(box).toHaveAttribute('aria-activedescendant', (await depositOption.getAttribute('id'))!);
  await settled(page);
  await keepScreenshot(page, 'console-search-deposit-1280.png');
  await box.press('Enter');

  // The deposit, opened in its queue whatever the queue's filters were, with the way back to the queue.
  await expect(page).toHaveURL(new RegExp(`#/deposits\\?id=${deposit.id}$`));
  await expect(page.getByText(c('deposits.linked', { id: deposit.id }))).toBeVisible();
  const detail = page.getByRole('region', { name: c('deposits.detailLabel'), exact: true });
  await expect(detail).toContainText(deposit.reference_code);
  await expect(detail.getByRole('button', { name: c('deposits.approve') })).toBeVisible();
  await keepScreenshot(page, 'console-search-opened-1280.png');
  expect(errors).toEqual([]);
});
