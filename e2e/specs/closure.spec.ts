import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { demoToken, registerByApi, useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { seriousViolations } from '../support/axe.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * The withdrawal allow-list and closing the account against the real server, at 390x844 in English and Chinese:
 * the allow-list turns on at once and off only after a day (with the fund password); closing shows what is left to
 * do first for a user with money (the demo user), and a user with nothing left closes for good, lands on the login
 * page and cannot sign in again.
 */

const a = (key: string, lang: Lang) => text('account', lang, key);
const api = process.env.E2E_API_URL!;
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
const form = async (path: string, body: Record<string, string>, token?: string) =>
  (await (
    await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(token ? { token } : {}) },
      body: new URLSearchParams(body).toString(),
    })
  ).json()) as { code: number; key: string };

for (const lang of ['en', 'zh'] as const) {
  test(`allow-list: on at once, off with the fund password after a day (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const user = await registerByApi(`alw${lang}${Date.now() % 1_000_000}`);
    expect(
      (await form('/api/user/pwd_pay', { password: 'fund1234', password_confirm: 'fund1234' }, user.token)).code,
    ).toBe(200);
    await useSession(page, user.token, lang);
    await open(page, '/pages/user/security');
    await page.getByRole('link', { name: new RegExp(a('allowlist.title', lang)) }).click();
    const state = page.getByTestId('allowlist-state');
    await expect(state).toHaveAttribute('data-state', 'off');
    await fitsTheScreen(page);
    await keepScreenshot(page, `allowlist-off-${lang}.png`);

    await state.getByRole('button', { name: a('allowlist.turnOn', lang) }).click();
    await expect(state).toHaveAttribute('data-state', 'on');
    await state.getByLabel(a('allowlist.fundPassword', lang)).fill('fund1234');
    await state.getByRole('button', { name: a('allowlist.turnOff_other', lang).replace('{{count}}', '24') }).click();
    await expect(state).toHaveAttribute('data-state', 'turning_off');
    await expect(state.getByRole('button', { name: a('allowlist.keepOn', lang) })).toBeVisible();
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `allowlist-turning-off-${lang}.png`);
  });

  test(`closing: what to do first, then closed for good (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    // The demo user has money and business open: the page lists it, with the way to each, and no close button.
    await useSession(page, await demoToken(), lang);
    await open(page, '/pages/user/close');
    const blockers = page.getByTestId('close-blockers');
    await expect(blockers.locator('[data-kind="cash"]')).toBeVisible();
    await expect(page.getByTestId('close-form')).toHaveCount(0);
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `close-blockers-${lang}.png`);

    // A user with nothing left closes with the password and an explicit "I understand".
    const user = await registerByApi(`cls${lang}${Date.now() % 1_000_000}`);
    await useSession(page, user.token, lang);
    await open(page, '/pages/user/security');
    await page.getByRole('link', { name: new RegExp(a('closeAccount.title', lang)) }).click();
    const closeForm = page.getByTestId('close-form');
    await expect(closeForm).toContainText(a('closeAccount.nothingLeft', lang));
    await closeForm.getByLabel(a('closeAccount.password', lang)).fill(user.password);
    await closeForm.getByRole('checkbox').check();
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `close-form-${lang}.png`);
    await closeForm.getByRole('button', { name: a('closeAccount.submit', lang) }).click();
    await expect(page).toHaveURL(/#\/pages\/login\/login/);
    await expect(page.locator('input[type="password"]')).toBeVisible();
    await keepScreenshot(page, `close-done-${lang}.png`);

    // The session is gone and the account answers to no sign-in.
    const info = await fetch(`${api}/api/user/index`, { headers: { token: user.token } });
    expect(((await info.json()) as { code: number }).code).toBe(401);
    expect((await form('/api/login/index', { account: user.account, password: user.password })).key).toBe(
      'user_not_found',
    );
  });
}
