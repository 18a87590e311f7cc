import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { changeControl, operatorAuth, sharedOperators } from '../support/operators.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { NATIVE_NAMES, text, type Lang } from '../support/texts.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * Numbers read in the reader's language: a refusal's amounts grouped per language, count texts in their
 * language's plural form, the charts' TradingView notice, and a dialog, at 390 and 360 px in en, de, th and zh.
 */
const shot = (page: Page, name: string) => keepScreenshot(page, `numbers-and-plurals/${name}.png`);

async function post(route: string, body: Record<string, string>, token: string) {
  const response = await fetch(`${process.env.E2E_API_URL}${route}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', token },
    body: new URLSearchParams(body).toString(),
  });
  return (await response.json()) as { code: number; key: string };
}

/**
 * The shared server's wallet settings, changed by an admin (alice) with a reason and, where that weakens a control,
 * approved by a second (bob); answers the settings before.
 */
async function walletSettings(change: Record<string, string | number>): Promise<Record<string, unknown>> {
  const { alice, bob } = sharedOperators();
  const headers = operatorAuth(alice);
  const before = (await (await fetch(`${process.env.E2E_ADMIN_URL}/admin/wallet-settings`, { headers })).json()) as {
    data: Record<string, unknown>;
  };
  const changed = await changeControl(
    process.env.E2E_ADMIN_URL!,
    { maker: alice, checker: bob },
    '/admin/wallet-settings',
    { ...change, reason: 'e2e: numbers and plurals' },
  );
  expect(changed.code).toBe(200);
  return before.data;
}

const GROUPED: Record<Lang, string> = {
  en: '49,999.00',
  de: '49.999,00',
  th: '49,999.00',
  zh: '49,999.00',
} as Record<Lang, string>;

test('amounts, counts and dialogs read right in en, de, th and zh at 390 and 360 px', async ({ page }) => {
  test.setTimeout(240_000);
  // The refusal below is the amount's: the withdrawal window open all day and no hold on the card bound next, so
  // the page lets the amount through to the server whatever the hour (the hold itself is first-hour.spec's).
  const before = await walletSettings({ withdraw_from: '00:00', withdraw_to: '00:00', hold_hours: 0 });
  try {
    const user = await registerByApi(`np${Date.now().toString(36)}`);
    expect(
      (
        await post(
          '/api/user/pwd_pay',
          { password: 'fund1234', password_confirm: 'fund1234', old_password: '' },
          user.token,
        )
      ).code,
    ).toBe(200);
    expect(
      (
        await post(
          '/api/user/add_card',
          {
            bank_name: 'E2E Bank',
            branch: 'Main',
            holder: 'Demo User',
            card_number: `6222${Date.now().toString().slice(-12)}`,
          },
          user.token,
        )
      ).code,
    ).toBe(200);
    await useSession(page, user.token, 'en');
    await walk(page);
  } finally {
    await walletSettings({
      withdraw_from: String(before.withdraw_from),
      withdraw_to: String(before.withdraw_to),
      hold_hours: Number(before.hold_hours),
    });
  }
});

async function walk(page: Page) {
  for (const lang of ['en', 'de', 'th', 'zh'] as const)
    for (const width of [390, 360]) {
      await page.setViewportSize({ width, height: 844 });
      await open(page, '/pages/user/language');
      await page.getByRole('radio', { name: NATIVE_NAMES[lang] }).click();

      // A refusal whose amounts are grouped in the reader's language.
      await open(page, '/pages/user/cash');
      await page.getByLabel(text('wallet', lang, 'cash.amount'), { exact: true }).fill('1');
      await page.getByRole('button', { name: text('wallet', lang, 'cash.next') }).click();
      await expect(page.getByRole('alert').filter({ hasText: GROUPED[lang] }).first()).toBeVisible();
      await shot(page, `refusal-${lang}-${width}`);

      // Count texts: no order yet is "0 orders" in English, "0 Aufträgen" in German.
      await open(page, '/pages/trade/pnl');
      await expect(page.getByTestId('pnl-summary')).toBeVisible();
      if (lang === 'en') await expect(page.getByTestId('pnl-summary')).toContainText('Over 0 orders');
      await shot(page, `pnl-${lang}-${width}`);
      await open(page, '/pages/copy/leaders');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot(page, `leaders-${lang}-${width}`);

      // The product chart credits TradingView.
      await open(page, '/pages/trade/trade?symbol=BTC%2FUSDT');
      await expect(page.getByTestId('chart-attribution')).toBeVisible();
      await expect(page.getByRole('link', { name: 'TradingView Lightweight Charts™' })).toHaveAttribute(
        'href',
        'https://www.tradingview.com/',
      );
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Not under the order bar: the notice itself is what a tap on its place reaches.
      const box = (await page.getByTestId('chart-attribution').boundingBox())!;
      expect(
        await page.evaluate(
          ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="chart-attribution"]') !== null,
          [box.x + 5, box.y + box.height / 2],
        ),
      ).toBe(true);
      await shot(page, `chart-${lang}-${width}`);

      // Plan terms count days ("1 day" / "7 days").
      await open(page, '/pages/project/project');
      await expect(page.getByText(/\d/).first()).toBeVisible();
      await shot(page, `plans-${lang}-${width}`);

      // A dialog.
      await open(page, '/pages/user/user');
      await page.getByRole('button', { name: text('account', lang, 'mine.menu.logout') }).click();
      await expect(page.getByRole('dialog', { name: text('account', lang, 'logout.title') })).toBeVisible();
      await shot(page, `dialog-${lang}-${width}`);
      await page.keyboard.press('Escape');
    }
}
