import { expect, test, type Page } from '@playwright/test';
import { visit } from '../support/app.ts';
import { useSession } from '../support/session.ts';
import { LANGUAGES } from '../support/texts.ts';
import { seriousViolations } from '../support/axe.ts';

/** The shell's and the account remote's screens; the second list needs a session. */
const OPEN_SCREENS = [
  '/',
  '/pages/login/login',
  '/pages/login/register',
  '/pages/login/forgetpwd',
  '/pages/public/agreement',
  '/pages/customer/customer',
  '/pages/download/download',
  '/no/such/page',
];
const SESSION_SCREENS = [
  '/pages/user/user',
  '/pages/user/info',
  '/pages/user/security',
  '/pages/user/allowlist',
  '/pages/user/close',
  '/pages/user/setpassword',
  '/pages/user/setfundpassword',
  '/pages/user/language',
  '/pages/user/display',
  '/pages/user/notifications',
  '/pages/user/invite',
  '/pages/user/message',
];

/**
 * The violations once the remote and its language have loaded (its heading shows). Home's widgets come from the
 * remotes after its heading: wait for the notice marquee too, whose entry animation would otherwise run under axe.
 */
async function violationsOf(page: Page) {
  await expect(page.locator('main h1, main h2, header h1').first()).toBeVisible();
  if (new URL(page.url()).hash === '#/') await expect(page.getByTestId('notice-ticker')).toBeVisible();
  return seriousViolations(page);
}

for (const lang of LANGUAGES) {
  test(`no serious or critical axe violation on shell and account screens (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    for (const route of OPEN_SCREENS) {
      await visit(page, route);
      expect(await page.evaluate(() => document.documentElement.lang)).not.toBe('');
      expect.soft(await violationsOf(page), `${lang} ${route}`).toEqual([]);
    }
    await useSession(page, process.env.E2E_TOKEN!, lang);
    for (const route of SESSION_SCREENS) {
      await visit(page, route);
      await expect(page).toHaveURL(new RegExp(`#${route.replace(/\//g, '\\/')}$`));
      expect.soft(await violationsOf(page), `${lang} ${route}`).toEqual([]);
    }
  });
}

test('no serious or critical axe violation in the dark theme (en)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const route of OPEN_SCREENS) {
    await visit(page, route);
    expect.soft(await violationsOf(page), `dark ${route}`).toEqual([]);
  }
  await useSession(page, process.env.E2E_TOKEN!, 'en');
  for (const route of SESSION_SCREENS) {
    await visit(page, route);
    expect.soft(await violationsOf(page), `dark ${route}`).toEqual([]);
  }
});
