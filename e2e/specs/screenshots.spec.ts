import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { settled } from '../support/axe.ts';
import { useSession } from '../support/session.ts';
import { text } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * Home, Login, Register and Mine at 390x844 in English, German and Chinese, saved for a human to look at,
 * and checked for the one thing a machine can judge: nothing wider than the screen.
 */
for (const lang of ['en', 'de', 'zh'] as const) {
  test(`screens at 390x844 (${lang})`, async ({ page }) => {
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    const shots: Array<[string, string, string]> = [
      ['home', '/', 'home.title'],
      ['login', '/pages/login/login', 'login.title'],
      ['register', '/pages/login/register', 'register.title'],
    ];
    for (const [name, route, heading] of shots) {
      await open(page, route);
      await expect(
        page.getByRole('heading', { name: text(name === 'home' ? 'common' : 'account', lang, heading) }),
      ).toBeVisible();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await keepScreenshot(page, `${name}-${lang}.png`, { fullPage: false });
    }
    await useSession(page, process.env.E2E_TOKEN!, lang);
    await open(page, '/pages/user/user');
    await expect(page.getByRole('heading', { level: 1, name: text('account', lang, 'mine.title') })).toBeVisible();
    await expect(page.getByText(text('common', lang, 'money.totalAssets'))).toBeVisible();
    await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await keepScreenshot(page, `mine-${lang}.png`, { fullPage: false });
  });
}
