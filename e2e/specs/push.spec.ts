import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { keepScreenshot } from '../support/screenshots.ts';
import { seriousViolations } from '../support/axe.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * The Notifications page against the real server: reached from Mine, its device part in the browser's own states
 * (Chromium here has no push service to reach, so turning on fails, and says so in the page's language), a kind
 * turned off for every device (kept by the server), and an iPhone shown how to add the app to its home screen
 * first. At 390x844 in English and Chinese.
 */

const a = (key: string, lang: Lang) => text('account', lang, key);
const fitsTheScreen = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

const pushSettings = async (token: string) => {
  const response = await fetch(`${process.env.E2E_API_URL}/api/user/push`, { headers: { token } });
  return ((await response.json()) as { data: { kinds: Record<string, boolean>; devices: unknown[] } }).data;
};

for (const lang of ['en', 'zh'] as const) {
  test(`notifications: reached from Mine, a kind turned off for every device (${lang})`, async ({ page, context }) => {
    test.setTimeout(90_000);
    await context.grantPermissions(['notifications']);
    const user = await registerByApi(`push${lang}${Date.now() % 1_000_000}`);
    await useSession(page, user.token, lang);
    await open(page, '/pages/user/user');
    await page.getByRole('link', { name: a('mine.menu.notifications', lang) }).click();
    await expect(page.getByRole('heading', { name: a('push.device.title', lang) })).toBeVisible();
    const device = page.getByTestId('push-device');
    await expect(device.getByRole('status')).toHaveText(a('push.device.off', lang));
    await expect(page.getByTestId('push-devices')).toHaveCount(0);
    await expect(page.getByText(a('push.devices.empty', lang))).toBeVisible();

    // Order results off: the switch says so, the server keeps it, and a reload shows it still off.
    const orders = page.getByRole('switch', { name: a('push.kinds.order_result.title', lang) });
    await expect(orders).toBeChecked();
    await orders.click();
    await expect(orders).not.toBeChecked();
    await expect.poll(async () => (await pushSettings(user.token)).kinds.order_result).toBe(false);
    await page.reload();
    await expect(page.getByRole('switch', { name: a('push.kinds.order_result.title', lang) })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: a('push.kinds.deposit.title', lang) })).toBeChecked();

    // This Chromium cannot reach a push service: turning on fails, in words, and nothing is subscribed.
    await page
      .getByTestId('push-device')
      .getByRole('button', { name: a('push.device.turnOn', lang) })
      .click();
    await expect(device.getByRole('alert')).toHaveText(a('push.device.failed', lang), { timeout: 30_000 });
    expect((await pushSettings(user.token)).devices).toEqual([]);
    await fitsTheScreen(page);
    if (lang === 'en') expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, `notifications-${lang}.png`, { fullPage: true });
  });
}

test('notifications on an iPhone: how to add the app to the home screen first', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  });
  const page = await context.newPage();
  try {
    const user = await registerByApi(`pushios${Date.now() % 1_000_000}`);
    await useSession(page, user.token, 'en');
    await open(page, '/pages/user/notifications');
    const steps = page.getByTestId('ios-steps').getByRole('listitem');
    await expect(steps).toHaveCount(4);
    await expect(steps.first()).toHaveText(a('push.device.iosSteps.share', 'en'));
    await expect(page.getByRole('button', { name: a('push.device.turnOn', 'en') })).toHaveCount(0);
    await fitsTheScreen(page);
    await keepScreenshot(page, 'notifications-ios-en.png', { fullPage: true });
  } finally {
    await context.close();
  }
});
