import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { demoToken, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations } from '../support/axe.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { scrollToWidget } from '../support/home-widgets.ts';

/**
 * Yuebao end to end on the shared server: log in, buy a plan after reading its restated terms, see it in My
 * projects with its terms, top it up, stop it early and see the principal and the profit credited so far back
 * in the balance; then the same screens in de and th at 360 px under axe. (Daily accrual over days is the
 * server's clock-driven tests' job: in real time the profit credited within this run is 0.00.)
 */

const i = (key: string, lang: Lang = 'en') => text('invest', lang, key);
const api = process.env.E2E_API_URL!;

async function get<T>(url: string, token: string): Promise<T> {
  const response = await fetch(`${process.env.E2E_API_URL}${url}`, { headers: { token } });
  return ((await response.json()) as { data: T }).data;
}

const cents = (s: string) => Math.round(Number(s) * 100);
const available = async (token: string) =>
  cents((await get<{ balances: { available: string } }>('/api/user/index', token)).balances.available);
const shot = (page: Page, name: string) => keepScreenshot(page, `invest-${name}.png`, { fullPage: true });

test('buy a plan, see it in My projects, top up, stop early and get everything back', async ({ page }) => {
  test.setTimeout(180_000);
  void api;
  const token = await demoToken();
  await useSession(page, token, 'en');
  const before = await available(token);

  // Home's popular-projects widget shows open plans, each opening its page.
  await open(page, '/');
  // Below the fold: the widget loads as it comes near the screen.
  const popular = page.getByTestId('popular-projects');
  await scrollToWidget(page, 'invest/popular-projects', popular.getByTestId('plan-card').first());
  await expect(popular.getByTestId('plan-card')).toHaveCount(3);
  await shot(page, 'home-en');

  await open(page, '/pages/project/project');
  const card = page.getByTestId('plan-card').filter({ hasText: 'Steady 30-day plan' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('5.00 %');
  await shot(page, 'list-en');
  await card.click();

  await expect(page.getByTestId('plan-example')).toContainText('0.41 U');
  await expect(page.getByTestId('risk-line')).toHaveText(i('risk.line'));
  await shot(page, 'details-en');

  // Buy: the sheet restates the terms before anything is sent.
  await page.getByRole('button', { name: i('actions.buy'), exact: true }).click();
  const sheet = page.getByTestId('move-sheet');
  await sheet.getByLabel(i('sheet.amount')).fill('200');
  await sheet.getByRole('button', { name: i('sheet.review') }).click();
  // 200 U x 5 % x 30 / 365 = 0.82 U (rounded down to the cent).
  await expect(sheet.getByTestId('amount-at-maturity')).toHaveText('200.82 U');
  await expect(sheet.getByTestId('terms-restated')).toContainText(i('terms.rule'));
  await shot(page, 'buy-terms-en');
  await sheet.getByRole('button', { name: i('sheet.confirm.buy') }).click();
  const dialog = page.getByRole('dialog', { name: i('result.buy') });
  await expect(dialog).toBeVisible();
  await shot(page, 'buy-result-en');
  expect(await available(token)).toBe(before - 20_000);

  // My projects: the holding with its terms, the Yuebao balance card.
  await dialog.getByRole('link', { name: i('mine.title') }).click();
  await expect(page.getByTestId('yuebao-balance')).toContainText('200.00 U');
  const holding = page.getByTestId('holding-card').filter({ hasText: 'Steady 30-day plan' });
  await expect(holding.getByTestId('holding-principal')).toHaveText('200.00 U');
  await expect(holding).toContainText('5.00 %');
  await holding.getByRole('button', { name: i('holding.history') }).click();
  await expect(holding).toContainText(i('holding.noCredits'));
  await shot(page, 'mine-en');

  // Top up: a lot of its own.
  await holding.getByRole('link', { name: i('holding.manage') }).click();
  await page.getByRole('button', { name: i('actions.topup'), exact: true }).click();
  await sheet.getByLabel(i('sheet.amount')).fill('100');
  await sheet.getByRole('button', { name: i('sheet.review') }).click();
  await expect(sheet.getByTestId('terms-restated')).toBeVisible();
  await sheet.getByRole('button', { name: i('sheet.confirm.topup') }).click();
  await expect(page.getByRole('dialog', { name: i('result.topup') })).toBeVisible();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: text('common', 'en', 'actions.close') })
    .click();
  expect(await available(token)).toBe(before - 30_000);

  // Stop early: the exact quote first, then principal plus the profit credited so far back in the balance.
  await page.getByRole('button', { name: i('actions.stop'), exact: true }).click();
  await expect(sheet.getByTestId('stop-total')).toHaveText('300.00 U');
  await shot(page, 'stop-quote-en');
  const mine = await get<{ items: Array<{ accrued: string; status: number; title: string }> }>(
    '/api/user/myproject?status=1',
    token,
  );
  const accrued = cents(mine.items.find((h) => h.title === 'Steady 30-day plan')!.accrued);
  await sheet.getByRole('button', { name: i('sheet.confirm.stop') }).click();
  await expect(page.getByRole('dialog', { name: i('result.stop') })).toBeVisible();
  expect(await available(token)).toBe(before + accrued);
  await shot(page, 'stop-result-en');

  // The Order tab's list source: every move of the holding.
  const orders = await get<{ items: Array<{ kind: string }> }>('/api/user/project_orderlist', token);
  expect(orders.items.slice(0, 3).map((o) => o.kind)).toEqual(['stop', 'topup', 'buy']);
});

for (const lang of ['de', 'th'] as const) {
  test(`the invest screens in ${lang} at 360 px pass axe`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 360, height: 780 });
    const token = await demoToken();
    await useSession(page, token, lang);

    await open(page, '/pages/project/project');
    await expect(page.getByTestId('plan-card').first()).toBeVisible();
    await expect(page.getByRole('tab', { name: i('project.filters.active', lang) })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `list-${lang}-360`);

    // Plans are named in the reader's language (the seeded ones in all ten).
    const quarter = { de: 'Quartalsplan 90 Tage', th: 'แผนรายไตรมาส 90 วัน' }[lang];
    await page.getByTestId('plan-card').filter({ hasText: quarter }).click();
    await expect(page.getByTestId('risk-line')).toHaveText(i('risk.line', lang));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `details-${lang}-360`);

    await page.getByRole('button', { name: i('actions.buy', lang), exact: true }).click();
    const sheet = page.getByTestId('move-sheet');
    await sheet.getByLabel(i('sheet.amount', lang)).fill('500');
    await sheet.getByRole('button', { name: i('sheet.review', lang) }).click();
    await expect(sheet.getByTestId('terms-restated')).toContainText(i('terms.rule', lang));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `terms-${lang}-360`);
    await page.keyboard.press('Escape');

    await open(page, '/pages/project/myproject');
    await expect(page.getByTestId('yuebao-balance')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `mine-${lang}-360`);
    // Nothing overflows the narrow screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
