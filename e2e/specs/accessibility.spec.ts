import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { useSession } from '../support/session.ts';
import { LANGUAGES } from '../support/texts.ts';

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
  '/pages/user/setpassword',
  '/pages/user/setfundpassword',
  '/pages/user/language',
  '/pages/user/display',
  '/pages/user/invite',
  '/pages/user/message',
];

async function seriousViolations(page: import('@playwright/test').Page) {
  // Let the remote and its language load, and entry animations (at most 250 ms) finish.
  await expect(page.locator('main h1, main h2, header h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(250);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const lang of LANGUAGES) {
  test(`no serious or critical axe violation on shell and account screens (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    for (const route of OPEN_SCREENS) {
      await open(page, route);
      expect(await page.evaluate(() => document.documentElement.lang)).not.toBe('');
      expect.soft(await seriousViolations(page), `${lang} ${route}`).toEqual([]);
    }
    await useSession(page, process.env.E2E_TOKEN!, lang);
    for (const route of SESSION_SCREENS) {
      await open(page, route);
      await expect(page).toHaveURL(new RegExp(`#${route.replace(/\//g, '\\/')}$`));
      expect.soft(await seriousViolations(page), `${lang} ${route}`).toEqual([]);
    }
  });
}

test('no serious or critical axe violation in the dark theme (en)', async ({ page }) => {
  test.setTimeout(180_000);
  await page.emulateMedia({ colorScheme: 'dark' });
  for (const route of OPEN_SCREENS) {
    await open(page, route);
    expect.soft(await seriousViolations(page), `dark ${route}`).toEqual([]);
  }
  await useSession(page, process.env.E2E_TOKEN!, 'en');
  for (const route of SESSION_SCREENS) {
    await open(page, route);
    expect.soft(await seriousViolations(page), `dark ${route}`).toEqual([]);
  }
});
