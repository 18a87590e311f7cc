import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { seriousViolations } from '../support/axe.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * The self-service account freeze against the real server: a user who fears someone else has their password
 * freezes from Security (in the first screen, right above the devices), confirms, is told the other device was
 * logged out, sees since when the account is frozen and the way to customer service; the other session is gone,
 * and the withdraw page says withdrawals are frozen. At 390x844 in English and Chinese.
 */

const a = (key: string, lang: Lang) => text('account', lang, key);
const w = (key: string, lang: Lang) => text('wallet', lang, key);
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

/** A second session of the user, as another device would have. */
async function loginElsewhere(account: string, password: string): Promise<string> {
  const response = await fetch(`${process.env.E2E_API_URL}/api/login/index`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mozilla/5.0 (iPad) Safari' },
    body: new URLSearchParams({ account, password }).toString(),
  });
  const answer = (await response.json()) as { code: number; key: string; data: { token: string } };
  if (answer.code !== 200) throw new Error(`login: ${answer.key}`);
  return answer.data.token;
}

const userInfoCode = async (token: string) => {
  const response = await fetch(`${process.env.E2E_API_URL}/api/user/index`, { headers: { token } });
  return ((await response.json()) as { code: number }).code;
};

for (const lang of ['en', 'zh'] as const) {
  test(`freeze: from Security, the frozen state, and the withdraw page says so (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const user = await registerByApi(`frz${lang}${Date.now() % 1_000_000}`);
    const other = await loginElsewhere(user.account, user.password);
    expect(await userInfoCode(other)).toBe(200);
    await useSession(page, user.token, lang);
    await open(page, '/pages/user/security');

    // Easy to find: the section is in the first screen, with its explanation.
    const section = page.getByTestId('freeze-section');
    const freeze = section.getByRole('button', { name: a('freeze.title', lang), exact: true });
    await expect(freeze).toBeVisible();
    await expect(freeze).toBeInViewport();
    await expect(section).toContainText(a('freeze.explain', lang));
    await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(2);
    await fitsTheScreen(page);
    await keepScreenshot(page, `freeze-security-${lang}.png`);

    await freeze.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(a('freeze.confirmUnfreeze', lang));
    await keepScreenshot(page, `freeze-confirm-${lang}.png`);
    await dialog.getByRole('button', { name: a('freeze.confirm', lang), exact: true }).click();

    const done = a(lang === 'en' ? 'freeze.done_one' : 'freeze.done_other', lang).replace('{{count}}', '1');
    await expect(page.getByText(done)).toBeVisible();
    const frozen = page.getByTestId('freeze-section');
    await expect(frozen.getByRole('heading', { name: a('freeze.frozenTitle', lang) })).toBeVisible();
    const prefix = a('freeze.since', lang).split('{{time}}')[0]!;
    await expect(page.getByTestId('frozen-since')).toContainText(prefix);
    await expect(frozen).toContainText(a('freeze.frozenBody', lang));
    await expect(frozen.getByRole('link', { name: a('freeze.contact', lang) })).toHaveAttribute(
      'href',
      '#/pages/customer/customer',
    );
    await expect(freeze).toHaveCount(0);
    // The other device is logged out; this one is not, and only it is listed.
    expect(await userInfoCode(other)).toBe(401);
    expect(await userInfoCode(user.token)).toBe(200);
    await expect(page.getByTestId('sessions').getByRole('listitem')).toHaveCount(1);
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `freeze-frozen-${lang}.png`);

    // A reload keeps it: the frozen state comes from the server.
    await page.reload();
    await expect(page.getByTestId('frozen-since')).toContainText(prefix);

    // The withdraw page: the banner with since when and the way to customer service.
    await open(page, '/pages/user/cash');
    const banner = page.getByTestId('cash-frozen');
    await expect(banner).toContainText(w('cash.frozenSince', lang).split('{{time}}')[0]!.trim());
    await expect(banner).toContainText(w('cash.frozenBody', lang));
    await expect(banner.getByRole('link', { name: w('cash.frozenContact', lang) })).toHaveAttribute(
      'href',
      '#/pages/customer/customer',
    );
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `freeze-withdraw-${lang}.png`);
  });
}
