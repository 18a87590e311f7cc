import { expect, test } from '@playwright/test';

/**
 * Where the static frame in index.html shows the page's first words (Home's hero, Log in's title), it is on screen
 * before any of the app's scripts is asked for: the boot script adds the shell's start-up scripts (and asks for the
 * route's remote files) only once the browser reports the frame's first contentful paint, so no download or run of
 * a bundle competes with it. An order of events, not a time, so it holds on any machine.
 */
for (const route of ['/', '/pages/login/login']) {
  test(`the frame paints before any script is asked for (${route})`, async ({ page }) => {
    await page.goto(`${process.env.E2E_BASE_URL}/h5/#${route}`);
    // The app itself started from those scripts: it replaced the static frame with the route's page.
    await expect(page.locator('.bf')).toHaveCount(0);
    await expect(page.locator('h1, main h2').first()).toBeVisible();
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(paint, 'the frame reported its first contentful paint').not.toBeNull();
    expect(scripts.length, 'the shell and the route loaded their scripts').toBeGreaterThan(10);
    expect(scripts.filter((s) => s.start < paint!)).toEqual([]);
  });
}
