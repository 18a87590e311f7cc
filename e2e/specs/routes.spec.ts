import { expect, test } from '@playwright/test';
import { HOME_PATHS } from '../../apps/shell/src/app/route-table.ts';
import { open } from '../support/app.ts';
import { useSession } from '../support/session.ts';

const MINE_MENU: Array<[label: string, path: string]> = [
  ['My account', '/pages/user/wallet'],
  ['User information', '/pages/user/info'],
  ['Bind bank card', '/pages/payment/bindbank'],
  ['Share poster', '/pages/user/poster'],
  ['Security settings', '/pages/user/security'],
  ['App download', '/pages/download/download'],
  ['User messages', '/pages/user/message'],
  ['Platform notices', '/pages/user/notice'],
  ['Activity center and check-in', '/pages/user/activityCenter'],
  ['Customer service', '/pages/customer/customer'],
  ['Language', '/pages/user/language'],
];

test('every route of the spec is owned by a remote and renders a page (logged in)', async ({ page }) => {
  test.setTimeout(180_000);
  await useSession(page, process.env.E2E_TOKEN!);
  await open(page, '/');
  // Each remote declares its pages; the server hands them to the shell in the page's boot data.
  const remoteRoutes = await page.evaluate(() => {
    const boot = (window as unknown as { __APP_BOOT__: { remotes: Record<string, { routes: object }> } }).__APP_BOOT__;
    return Object.fromEntries(Object.entries(boot.remotes).map(([name, r]) => [name, Object.keys(r.routes)]));
  });
  expect(Object.keys(remoteRoutes).sort()).toEqual(['account', 'invest', 'trade', 'wallet']);
  for (const [remote, paths] of Object.entries(remoteRoutes)) {
    for (const path of [...HOME_PATHS, ...paths]) {
      await open(page, path);
      await expect(page, `${remote} ${path}`).toHaveURL(new RegExp(`#${path.replace(/\//g, '\\/')}$`));
      await expect(page.locator('h1, main h2').first(), `${remote} ${path}`).toBeVisible();
      await expect(page.getByText('Page not found')).toHaveCount(0);
      await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
    }
  }
});

test('every item of the Mine menu leads to its route; the tab bar shows only on the four tabs', async ({ page }) => {
  await useSession(page, process.env.E2E_TOKEN!);
  await open(page, '/pages/user/user');
  for (const [label, path] of MINE_MENU) {
    await page.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(new RegExp(`#${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await page.goBack();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  }
});
