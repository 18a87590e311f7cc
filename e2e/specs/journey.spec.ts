import { expect, test } from '@playwright/test';
import { open, RAW_KEY, tabLabels } from '../support/app.ts';
import { latestCode, uniquePhone } from '../support/outbox.ts';
import { LANGUAGES, NATIVE_NAMES, text } from '../support/texts.ts';

test('register, log in, reach Mine, switch through all ten languages, log out', async ({ page }) => {
  const account = `u${Date.now().toString(36)}`;
  const phone = uniquePhone();
  const password = 'secret123';

  // Register: SMS code from the outbox, invitation code, agreement.
  await open(page, '/pages/login/register');
  await page.getByLabel('Account name').fill(account);
  await page.getByLabel('Phone number').fill(phone);
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByRole('button', { name: /Resend in \d+ s/ })).toBeDisabled();
  await page.getByLabel('Verification code').fill(await latestCode(phone));
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Invitation code').fill('WELCOME');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Register', exact: true }).click();

  // Registering logs in and lands on Mine.
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  await expect(page.getByText(account).first()).toBeVisible();

  // Log out (with confirmation), then log in with the new account.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login$/);
  await page.getByLabel('Account or phone').fill(account);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/user$/);
  await expect(page.getByText('0.00 U').first()).toBeVisible();

  // Every language: chosen on the language page, applied at once, tab labels refreshed, no raw keys.
  for (const lang of LANGUAGES) {
    await open(page, '/pages/user/language');
    await page.getByRole('radio', { name: NATIVE_NAMES[lang] }).click();
    await open(page, '/pages/user/user');
    const expected = ['home', 'project', 'order', 'mine'].map((key) => text('common', lang, `tabs.${key}`));
    await expect.poll(() => tabLabels(page)).toEqual(expected);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('account', lang, 'mine.title'));
    await expect(page.getByText(text('account', lang, 'mine.menu.logout'))).toBeVisible();
    expect(await page.locator('body').innerText()).not.toMatch(RAW_KEY);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe(lang);
  }

  // Back to English, and log out.
  await open(page, '/pages/user/language');
  await page.getByRole('radio', { name: 'English' }).click();
  await open(page, '/pages/user/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('dialog', { name: 'Log out?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/#\/pages\/login\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});
