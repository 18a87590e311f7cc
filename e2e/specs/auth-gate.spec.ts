import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';

test('a protected page opened logged out goes to login and comes back after login', async ({ page }) => {
  await open(page, '/pages/user/security');
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=%2Fpages%2Fuser%2Fsecurity$/);
  await expect(page.getByText('Please log in first')).toBeVisible();
  await page.getByLabel('Account or phone').fill('demo');
  await page.getByLabel('Password', { exact: true }).fill('demo1234');
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/#\/pages\/user\/security$/);
  await expect(page.getByRole('heading', { name: 'Security settings' })).toBeVisible();
});

test('a stale token is dropped at launch and the user is sent to login', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('token', 'not-a-real-token'));
  await open(page, '/pages/user/user');
  await expect(page).toHaveURL(/#\/pages\/login\/login\?redirect=/);
});

test('unknown addresses show the not-found page; open pages need no login', async ({ page }) => {
  await open(page, '/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page not found' }).first()).toBeVisible();
  await open(page, '/pages/customer/customer');
  await expect(page.getByRole('heading', { name: 'Customer service' })).toBeVisible();
  await open(page, '/pages/index/index');
  await expect(page.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
});
