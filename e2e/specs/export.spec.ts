import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Download, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { seriousViolations } from '../support/axe.ts';
import { repoRoot } from '../support/paths.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * "Download my data" against the real server: a user on Security downloads the copy of everything held about them,
 * the browser saves it under the server's name (my-data-<account>-<date>.zip), and the file is a ZIP whose data.json
 * is this user's, beside a CSV per section. A user with the authenticator on is asked for the factor first. At
 * 390x844 in English and Chinese. The server takes three exports a minute from one address, and this file makes
 * exactly three (a wrong code and the 429 are the unit test's: src/__tests__/security-data-export.test.tsx).
 */

// fflate and otplib are the server's dependencies (the ZIP it writes, the codes an authenticator app would show),
// resolved from apps/server as the other specs resolve otplib.
const requireFromServer = createRequire(path.join(repoRoot, 'apps/server/package.json'));
const { unzipSync, strFromU8 } = requireFromServer('fflate') as {
  unzipSync: (data: Uint8Array) => Record<string, Uint8Array>;
  strFromU8: (data: Uint8Array) => string;
};
const { generate } = requireFromServer('otplib') as {
  generate: (options: { secret: string; epoch?: number }) => Promise<string>;
};

const a = (key: string, lang: Lang) => text('account', lang, key);
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

type Envelope<T> = { code: number; key: string; msg: string; data: T };
async function post<T>(url: string, token: string, body: Record<string, string> = {}): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: new URLSearchParams(body).toString(),
  });
  const answer = (await response.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${url}: ${answer.key}`);
  return answer.data;
}

/** The saved file: named by the server, a ZIP, with data.json for this account and a CSV per section. */
async function checkExport(download: Download, account: string) {
  expect(download.suggestedFilename()).toMatch(new RegExp(`^my-data-${account}-\\d{4}-\\d{2}-\\d{2}\\.zip$`));
  const file = readFileSync((await download.path())!);
  expect([...file.subarray(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
  expect(file.length).toBeGreaterThan(500);
  const entries = unzipSync(new Uint8Array(file));
  expect(Object.keys(entries)).toEqual(expect.arrayContaining(['data.json', 'profile.csv', 'orders.csv']));
  const data = JSON.parse(strFromU8(entries['data.json']!)) as { profile: Array<{ account: string }> };
  expect(data.profile).toHaveLength(1);
  expect(data.profile[0]!.account).toBe(account);
  expect(strFromU8(entries['profile.csv']!)).toContain(account);
}

for (const lang of ['en', 'zh'] as const) {
  test(`export: Download my data from Security saves this user's ZIP (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    const user = await registerByApi(`exp${lang}${Date.now() % 1_000_000}`);
    await useSession(page, user.token, lang);
    await open(page, '/pages/user/security');

    const section = page.getByTestId('data-export-section');
    await expect(section.getByRole('heading', { name: a('dataExport.title', lang) })).toBeVisible();
    await expect(section).toContainText(a('dataExport.explain', lang));
    // Below the sections that were there: the freeze section and the logins come first.
    await expect(page.getByTestId('freeze-section')).toBeVisible();
    await expect(page.getByTestId('logins')).toBeVisible();
    const button = section.getByRole('button', { name: a('dataExport.download', lang) });
    await button.scrollIntoViewIfNeeded();
    await expect(section.getByTestId('second-factor-code')).toHaveCount(0);
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(section, `export-section-${lang}.png`);
    await keepScreenshot(page, `export-security-${lang}.png`);

    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    await expect(page.getByText(a('dataExport.downloading', lang))).toBeVisible();
    await checkExport(download, user.account);
    await expect(button).toBeEnabled();
    await keepScreenshot(page, `export-downloading-${lang}.png`);
  });
}

test('export: a user with the authenticator on is asked for the factor first (en)', async ({ page }) => {
  test.setTimeout(90_000);
  const lang = 'en';
  const user = await registerByApi(`exp2f${Date.now() % 1_000_000}`);
  const { secret } = await post<{ secret: string }>('/api/user/authenticator/start', user.token);
  const { recovery_codes } = await post<{ recovery_codes: string[] }>('/api/user/authenticator/confirm', user.token, {
    code: await generate({ secret }),
  });
  await useSession(page, user.token, lang);
  await open(page, '/pages/user/security');

  const section = page.getByTestId('data-export-section');
  const button = section.getByRole('button', { name: a('dataExport.download', lang) });
  const field = section.getByLabel(text('common', lang, 'secondFactor.label'));
  await button.scrollIntoViewIfNeeded();
  await expect(field).toBeVisible();
  // Nothing is sent without the factor: the field says what it needs.
  let exports = 0;
  page.on('request', (r) => void (r.url().endsWith('/api/user/export') && exports++));
  await button.click();
  await expect(section.getByRole('alert')).toHaveText(text('errors', lang, 'second_factor_required'));
  expect(exports).toBe(0);
  await fitsTheScreen(page);
  await keepScreenshot(section, `export-step-up-${lang}.png`);

  await field.fill(recovery_codes[0]!);
  const downloading = page.waitForEvent('download');
  await button.click();
  await checkExport(await downloading, user.account);
  await expect(page.getByText(a('dataExport.downloading', lang))).toBeVisible();
});
