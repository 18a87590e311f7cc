import { expect, test, type Locator } from '@playwright/test';
import { operatorApi } from '../support/console-operator.ts';
import { sharedOperators } from '../support/operators.ts';
import { seriousViolations } from '../support/axe.ts';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The flexible Yuebao balance end to end, in English and Chinese, as a new user with 1,000.00 U (an operator's
 * goodwill credit, so the demo user's cash that other specs count is left alone): move cash in after reading when
 * it starts earning, see the balance and the one total of assets agree, then move out more than the day's instant
 * amount after reading what arrives now and what arrives tomorrow.
 */

async function userApi<T>(url: string, token: string): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, { headers: { token } });
  const answer = (await response.json()) as { code: number; key: string; msg: string; data: T };
  if (answer.code !== 200) throw new Error(`${url} answered ${answer.key}: ${answer.msg}`);
  return answer.data;
}

const digits = (s: string) => s.replace(/[^\d]/g, '');
/** The figure a screen shows, without grouping and unit, so "600.00 U" and "600,00 U" compare in any language. */
const figure = async (locator: Locator) => digits(await locator.innerText());

async function fundedUser(prefix: string) {
  const user = await registerByApi(`${prefix}${Date.now().toString(36)}`);
  const me = await userApi<{ id: number }>('/api/user/index', user.token);
  const credit = await operatorApi<{ status: string }>(sharedOperators().fay, `/admin/users/${me.id}/adjustments`, {
    direction: 'credit',
    amount: '1000',
    category: 'goodwill',
    reason: 'e2e: cash to move into Yuebao',
  });
  expect(credit.data.status, credit.msg).toBe('posted');
  return user.token;
}

for (const lang of ['en', 'zh'] as Lang[]) {
  test(`move cash into the flexible balance and out of it, terms first (${lang})`, async ({ page }) => {
    test.setTimeout(150_000);
    const i = (key: string, params?: Record<string, string>) => {
      let s = text('invest', lang, key);
      for (const [k, v] of Object.entries(params ?? {})) s = s.replace(`{{${k}}}`, v);
      return s;
    };
    const shot = (name: string) => keepScreenshot(page, `invest-flexible-${name}-${lang}.png`, { fullPage: true });
    const token = await fundedUser(`flex${lang}`);
    const info = await userApi<{ instant_out_daily: string }>('/api/user/yeb_flex', token);
    await useSession(page, token, lang);

    // From the Project tab.
    await open(page, '/pages/project/project');
    await page.getByRole('link', { name: new RegExp(i('flex.title')) }).click();
    await expect(page.getByTestId('flex-total')).toHaveText(/^0[.,]00\s?U$/);
    await expect(page.getByTestId('flex-rate')).toContainText('2');
    await expect(page.getByTestId('flex-rate-chart')).toBeVisible();
    await shot('empty');
    expect(await seriousViolations(page)).toEqual([]);

    // In: letters get the wallet's words; then the terms (when it starts earning) before anything moves.
    await page.getByRole('button', { name: i('flex.in'), exact: true }).click();
    const sheet = page.getByTestId('flex-sheet');
    await sheet.getByLabel(i('sheet.amount')).fill('abc');
    await sheet.getByRole('button', { name: i('sheet.review') }).click();
    await expect(sheet.getByRole('alert')).toHaveText(text('errors', lang, 'amount_not_number'));
    await sheet.getByLabel(i('sheet.amount')).fill('600');
    await sheet.getByRole('button', { name: i('sheet.review') }).click();
    await expect(sheet.getByTestId('flex-terms')).toContainText(i('flex.earnsFrom'));
    await shot('in-terms');
    await sheet.getByRole('button', { name: i('flex.confirm.in') }).click();
    const done = page.getByRole('dialog', { name: i('flex.done.in') });
    await expect(done).toBeVisible();
    await done.getByRole('button', { name: text('common', lang, 'actions.close') }).click();
    await expect.poll(() => figure(page.getByTestId('flex-total'))).toBe('60000');
    await expect(page.getByTestId('flex-moves')).toContainText(i('flex.kind.in'));

    // The one total counts it once, as its own part.
    const total = await userApi<{ total: string; flexible: string; available: string }>(
      '/api/user/total-assets',
      token,
    );
    expect(total).toMatchObject({ total: '1000.00', flexible: '600.00', available: '400.00' });

    // Out, more than the day's instant amount when it is small; otherwise within it: what arrives when, first.
    await page.getByRole('button', { name: i('flex.out'), exact: true }).click();
    await sheet.getByRole('button', { name: i('flex.all'), exact: true }).click();
    await sheet.getByRole('button', { name: i('sheet.review') }).click();
    const instant = Math.min(600, Number(info.instant_out_daily));
    await expect.poll(() => figure(sheet.getByTestId('flex-instant'))).toBe(digits(instant.toFixed(2)));
    if (instant < 600)
      await expect.poll(() => figure(sheet.getByTestId('flex-next-day'))).toBe(digits((600 - instant).toFixed(2)));
    else await expect(sheet.getByTestId('flex-next-day')).toHaveCount(0);
    await shot('out-terms');
    await sheet.getByRole('button', { name: i('flex.confirm.out') }).click();
    await expect(page.getByRole('dialog', { name: i('flex.done.out') })).toBeVisible();
    await shot('out-result');
    const after = await userApi<{ available: string; flexible: string; total: string }>(
      '/api/user/total-assets',
      token,
    );
    expect(after.total).toBe('1000.00');
    expect(after.flexible).toBe((600 - instant).toFixed(2));
  });
}
