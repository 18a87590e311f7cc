import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import budgets from '../../tools/web/budgets.json' with { type: 'json' };
import { settled } from '../support/axe.ts';
import { watchRequests } from '../support/network.ts';
import { webDir } from '../support/paths.ts';

/**
 * Size budgets of the production build, measured as a phone loads it: every script a cold load of a route
 * fetches, in gzip -9 bytes of the built files (deterministic, unlike time). tools/web/budgets.json holds the
 * numbers; bench:web prints the same figures with the bytes on the wire and Lighthouse beside them.
 */

/** The signature of lightweight-charts inside a bundle (its root element's class). */
const CHART_LIBRARY = 'tv-lightweight-charts';

const fileOf = (urlPath: string) => {
  const rel = urlPath.replace(/^\/h5\//, '');
  return rel.startsWith('remotes/') ? path.join(webDir, rel) : path.join(webDir, 'shell', rel);
};

async function firstLoadScripts(browser: Browser, route: string, login: boolean) {
  const context = await browser.newContext();
  if (login) await context.addInitScript((token) => localStorage.setItem('token', token), process.env.E2E_TOKEN!);
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) scripts.add(new URL(response.url()).pathname);
  });
  const loading = watchRequests(page, (request) => request.resourceType() === 'script');
  await page.goto(`${process.env.E2E_BASE_URL}/h5/#${route}`);
  // The page really rendered (not a login redirect or an error view), so its scripts are the ones measured.
  await expect(page.locator('h1, main h2').first()).toBeVisible();
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  await settled(page);
  await loading.idle();
  await context.close();
  return [...scripts].map((urlPath) => ({ urlPath, content: readFileSync(fileOf(urlPath)) }));
}

for (const route of budgets.routes) {
  test(`first-load JavaScript of ${route.name} stays within ${(route.gzip / 1024).toFixed(0)} KB gzip`, async ({
    browser,
  }) => {
    const scripts = await firstLoadScripts(browser, route.path, route.login);
    const gzip = scripts.reduce((sum, s) => sum + gzipSync(s.content, { level: 9 }).length, 0);
    console.log(
      `[budget] ${route.name}: ${scripts.length} scripts, ${(gzip / 1024).toFixed(1)} KB gzip (budget ${(route.gzip / 1024).toFixed(0)} KB)`,
    );
    expect(gzip, `${route.name} ${route.path}: first-load JS in gzip bytes`).toBeLessThanOrEqual(route.gzip);
    const charted = scripts.filter((s) => s.content.includes(CHART_LIBRARY)).map((s) => s.urlPath);
    // The chart library loads where a chart is shown (the product page), and nowhere else.
    if (route.name === 'Trade') expect(charted, 'the product page loads its chart').not.toHaveLength(0);
    else expect(charted, `${route.name} shows no chart, so it loads no chart library`).toEqual([]);
  });
}

test(`every remoteEntry stays within ${budgets.remoteEntryGzip / 1024} KB gzip`, async () => {
  const live = JSON.parse(readFileSync(path.join(webDir, 'remotes.json'), 'utf8')) as Record<string, string>;
  expect(Object.keys(live).sort()).toEqual(['account', 'invest', 'trade', 'wallet']);
  for (const [name, url] of Object.entries(live)) {
    const gzip = gzipSync(readFileSync(fileOf(url)), { level: 9 }).length;
    expect(gzip, `${name} remoteEntry.js`).toBeLessThanOrEqual(budgets.remoteEntryGzip);
  }
});
