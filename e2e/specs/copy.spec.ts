import AxeBuilder from '@axe-core/playwright';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { e2eDir } from '../support/paths.ts';
import { registerByApi, useSession } from '../support/session.ts';
import { text, type Lang } from '../support/texts.ts';

/**
 * The Order tab's six tabs, all real: project orders is the invest remote's widget composed at run time
 * through the federation runtime (not imported), the strip fits 360 px in German and Thai and is a keyboard
 * tablist.
 */

const tr = (key: string, lang: Lang = 'en') => text('trade', lang, key);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(e2eDir, '.tmp', `copy-${name}.png`), fullPage: true });

async function seriousViolations(page: Page) {
  await page.waitForTimeout(400);
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .exclude('[data-testid="pnl-curve"] table')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const TAB_KEYS = ['project', 'contract', 'holding', 'history', 'mine', 'follow'] as const;

test('the Order tab: six tabs in the spec order; project orders come from the invest remote at run time', async ({
  page,
}) => {
  const user = await registerByApi(`ot${Date.now().toString(36)}`);
  await useSession(page, user.token, 'en');
  await open(page, '/pages/user/order?tab=project');
  const tabs = page.getByRole('tablist', { name: tr('order.tabsLabel') }).getByRole('tab');
  await expect(tabs).toHaveText(TAB_KEYS.map((k) => tr(`order.tabs.${k}`)));
  await expect(page.getByRole('tab', { name: tr('order.tabs.project') })).toHaveAttribute('aria-selected', 'true');
  // The invest remote's own empty state, in its own namespace: the widget really came from invest.
  await expect(page.getByRole('heading', { name: text('invest', 'en', 'orders.empty') })).toBeVisible();
  await shot(page, 'order-project-en');

  // Keyboard: arrows move along the strip.
  await page.getByRole('tab', { name: tr('order.tabs.project') }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: tr('order.tabs.contract') })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: tr('order.tabs.contract') })).toBeFocused();
});

for (const lang of ['de', 'th'] as Lang[]) {
  test(`the Order tab at 360 px in ${lang}: the strip scrolls, nothing overflows the page, axe clean`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const user = await registerByApi(`o${lang}${Date.now().toString(36)}`);
    await useSession(page, user.token, lang);
    for (const key of TAB_KEYS) {
      await open(page, `/pages/user/order?tab=${key}`);
      const tab = page.getByRole('tab', { name: tr(`order.tabs.${key}`, lang) });
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel')).not.toBeEmpty();
      await page.waitForTimeout(300);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      // The chosen tab is scrolled into view.
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `order-${key}-${lang}`);
    }
  });
}
