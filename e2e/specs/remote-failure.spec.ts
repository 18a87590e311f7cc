import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { scrollToWidget } from '../support/home-widgets.ts';
import { useSession } from '../support/session.ts';

test('a remote whose files are unreachable shows its error and retry while the other tabs work', async ({ page }) => {
  await useSession(page, process.env.E2E_TOKEN!);
  // The invest remote's files cannot be reached (manifest, entry and chunks).
  await page.route('**/h5/remotes/invest/**', (route) => route.abort('connectionrefused'));

  await open(page, '/pages/project/project');
  const slot = page.getByRole('alert');
  await expect(slot).toContainText('This page could not be loaded');
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();

  // The tab bar still works, and so do the other remotes.
  await page.getByRole('link', { name: 'Mine' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mine' })).toBeVisible();
  await page.getByRole('link', { name: 'Order' }).click();
  await expect(page.getByRole('tab', { name: 'Contract orders' })).toBeVisible();
  await page.getByRole('link', { name: 'Home' }).click();
  // On Home only the invest widget fails (it loads as it comes near the screen); the account widget and the rest
  // of the page are there.
  await scrollToWidget(page, 'invest/popular-projects', page.getByText('This section could not be loaded'));
  await expect(page.getByRole('heading', { name: 'Platform notices' })).toBeVisible();

  // Once the files are reachable again, retry loads the remote without reloading the page.
  await page.unroute('**/h5/remotes/invest/**');
  await page.getByRole('link', { name: 'Project' }).click();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('tab', { name: 'In progress' })).toBeVisible();
});
