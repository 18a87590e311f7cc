import { expect, test } from '../support/market-server.ts';
import { text } from '../support/texts.ts';

/**
 * A new user's first hour (issue #29): what went wrong on the first screens someone meets, each checked the way
 * it bit. Home on a phone after the markets strip has moved; binding a card with one tap after a correction;
 * Home's content after a language change; Register after a look at the user agreement; the auth pages' bar and
 * focus rings; Home's notices, the avatar on Mine and on the user info page; leaving a live chart.
 */

test.describe('on a phone (mobile viewport)', () => {
  test.use({ isMobile: true });

  test('Home stays as wide as the screen once the markets strip moves: no sideways scroll, every tab on screen', async ({
    page,
    market,
  }) => {
    const spoken = new RegExp(
      `^(${text('trade', 'en', 'market.movedUp')}|${text('trade', 'en', 'market.movedDown')})$`,
    );
    const screens: Array<[number, number, string]> = [
      [390, 844, '/'],
      [360, 800, '/'],
      [360, 800, '/pages/index/index'],
    ];
    for (const [width, height, route] of screens) {
      await page.setViewportSize({ width, height });
      await page.goto(`${market.url}/h5/#${route}`);
      await page.locator('[data-widget="trade/quotes-strip"]').scrollIntoViewIfNeeded();
      const strip = page.getByTestId('quotes-strip');
      await expect(strip).toBeVisible();
      // A live price has moved: the strip now holds the visually hidden "up" / "down" that says so.
      await expect(strip.getByText(spoken).first()).toBeAttached();
      const where = `${route} at ${width} px`;
      expect(await page.evaluate(() => document.scrollingElement!.scrollWidth), where).toBeLessThanOrEqual(width);
      const tabs = page.getByRole('navigation', { name: text('common', 'en', 'tabs.label') }).getByRole('link');
      await expect(tabs).toHaveCount(4);
      const edges = await tabs.evaluateAll((links) =>
        links.map((a) => {
          const r = a.getBoundingClientRect();
          return [Math.round(r.left), Math.round(r.right)];
        }),
      );
      for (const [left, right] of edges) {
        expect(left, where).toBeGreaterThanOrEqual(0);
        expect(right, where).toBeLessThanOrEqual(width);
      }
    }
  });
});
