import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { base, open } from '../support/app.ts';
import { operatorAuth, sharedOperators } from '../support/operators.ts';
import { e2eDir } from '../support/paths.ts';
import { text, type Lang } from '../support/texts.ts';
import { seriousViolations, settled } from '../support/axe.ts';
import { watchRequests } from '../support/network.ts';
import { keepScreenshot } from '../support/screenshots.ts';

/**
 * The installable app: the web app manifest and its icons, the service worker (registered after load, in
 * control after a reload, never keeping an /api/ answer), Chromium's own installability check (the one
 * Lighthouse's former installable-PWA audit ran), Home's banner carousel and live quotes strip from a fresh
 * start, the download page with the operators' links, and both screens under axe at 360 px in de and th.
 */

type Manifest = {
  name: string;
  short_name: string;
  start_url: string;
  scope: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
};

const admin = (urlPath: string, body: object) =>
  fetch(`${process.env.E2E_ADMIN_URL}${urlPath}`, {
    method: 'POST',
    // The download links are engagement settings, an admin's (alice).
    headers: { ...operatorAuth(sharedOperators().alice), 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json() as Promise<{ code: number }>);

/** The URLs held in every cache of the page's origin. */
const cachedUrls = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });

test('the web app manifest is served with its type and is complete, with real icons', async ({ request }) => {
  const response = await request.get(`${base()}/h5/manifest.webmanifest`);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await response.json()) as Manifest;
  expect(manifest).toMatchObject({
    name: 'Contract Trader',
    short_name: 'Contract Trader',
    start_url: '/h5/',
    scope: '/h5/',
    display: 'standalone',
    theme_color: '#0f3aa8',
    background_color: '#f4f6f9',
  });
  const index = await (await request.get(`${base()}/h5/`)).text();
  expect(index).toContain('<link rel="manifest" href="/h5/manifest.webmanifest"');
  expect(index).toContain(`<meta name="theme-color" content="${manifest.theme_color}"`);
  for (const size of [192, 512]) {
    for (const purpose of ['any', 'maskable']) {
      const icon = manifest.icons.find((i) => i.sizes === `${size}x${size}` && i.purpose === purpose);
      expect(icon, `${size} ${purpose}`).toBeTruthy();
      const png = await request.get(`${base()}${icon!.src}`);
      expect(png.headers()['content-type']).toBe('image/png');
      const bytes = await png.body();
      // PNG signature, then the IHDR chunk's width and height.
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
    }
  }
});

test('the service worker controls the app after a reload and never keeps an API answer', async ({ page }) => {
  await open(page, '/');
  await expect(page.getByTestId('home-banner')).toBeVisible();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${base()}/h5/`);
  expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull(); // registered after load

  await page.reload();
  await expect(page.getByTestId('home-banner')).toBeVisible();
  expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${base()}/h5/sw.js`);
  // A page under its control makes API calls of every kind: a public read, a login attempt, the stream.
  await page.evaluate(async () => {
    await fetch('/api/index/ater');
    await fetch('/api/index/home', { headers: { lang: 'de' } });
    await fetch('/api/user/login', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  });
  await open(page, '/pages/login/login');
  await expect(page.getByRole('heading', { name: text('account', 'en', 'login.title') })).toBeVisible();
  // The worker keeps what it serves as it serves it: wait until the login page's remote is in its cache.
  await expect
    .poll(async () => (await cachedUrls(page)).some((u) => /^\/h5\/remotes\/account\/[^/]+\/remoteEntry\.js$/.test(u)))
    .toBe(true);

  const urls = await cachedUrls(page);
  expect(
    urls.filter((u) => u.startsWith('/api/')),
    'API answers in Cache Storage',
  ).toEqual([]);
  // What it does keep: the entry points (network-first) and the immutable files of the remotes.
  expect(urls).toContain('/h5/');
  expect(urls.some((u) => /^\/h5\/remotes\/account\/[^/]+\/remoteEntry\.js$/.test(u))).toBe(true);
  expect(urls.some((u) => /^\/h5\/[^/]+\.[0-9a-f]{8}\.js$/.test(u))).toBe(true);
  // Served from the cache on the next load, and the page still works from it.
  const fromWorker: string[] = [];
  page.on('response', (r) => r.fromServiceWorker() && fromWorker.push(new URL(r.url()).pathname));
  await page.reload();
  // The static frame shows the same heading before any script runs: wait for the page that replaced it.
  await expect(page.locator('.bf')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: text('account', 'en', 'login.title') })).toBeVisible();
  expect(fromWorker.some((u) => u.startsWith('/h5/remotes/account/'))).toBe(true);
  expect(fromWorker.filter((u) => u.startsWith('/api/'))).toEqual([]);
});

test("Chromium finds the app installable (Page.getInstallabilityErrors, Lighthouse's former PWA check)", async () => {
  // A real (not off-the-record) profile: Chromium never offers to install from an incognito window.
  const profile = path.join(e2eDir, '.tmp', `pwa-profile-${Date.now()}`);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await open(page, '/');
    await page.evaluate(async () => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    await expect
      .poll(
        async () =>
          ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
            .installabilityErrors,
        {
          timeout: 15_000,
        },
      )
      .toEqual([]);
    const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data: string; errors: unknown[] };
    expect(url).toBe(`${base()}/h5/manifest.webmanifest`);
    expect(JSON.parse(data).display).toBe('standalone');
  } finally {
    await context.close();
  }
});

test('Home shows the banner carousel and the live quotes strip from a fresh start', async ({ page }) => {
  const network = watchRequests(page);
  await open(page, '/');
  const carousel = page.getByRole('region', { name: text('account', 'en', 'homeBanner.label') });
  await expect(carousel).toBeVisible();
  await expect(carousel.getByRole('group').first()).toContainText('Welcome to Yuebao');
  // Controls by their names; the next button moves to the second banner.
  await carousel.getByRole('button', { name: text('account', 'en', 'homeBanner.pause') }).click();
  await carousel.getByRole('button', { name: text('account', 'en', 'homeBanner.next') }).click();
  await expect(carousel.getByRole('button', { name: 'Show banner 2' })).toHaveAttribute('aria-current', 'true');

  // The strip sits below the fold: it loads when it comes near the screen, not with the page.
  await network.idle();
  await expect(page.getByTestId('quotes-strip')).toHaveCount(0);
  await page.locator('[data-widget="trade/quotes-strip"]').scrollIntoViewIfNeeded();
  const strip = page.getByTestId('quotes-strip');
  await expect(strip.getByRole('heading', { name: text('trade', 'en', 'quotesStrip.title') })).toBeVisible();
  await expect(strip.getByRole('link', { name: /BTC\/USDT/ })).toBeVisible();
  await expect(strip.getByTestId('simulated-note')).toHaveText(text('trade', 'en', 'market.simulated'));
  // Shortcuts to every engagement page, check-in included.
  const shortcuts = page.getByRole('navigation', { name: text('common', 'en', 'home.shortcuts') });
  await expect(shortcuts.getByRole('link', { name: text('common', 'en', 'home.shortcut.checkin') })).toHaveAttribute(
    'href',
    '#/pages/user/activityCenter',
  );
  await expect(shortcuts.getByRole('link')).toHaveCount(6);
  await expect(page.getByText(text('common', 'en', 'home.risk'))).toBeVisible();
});

test('the download page offers the links operators set, and only those', async ({ page }) => {
  expect(
    (
      await admin('/admin/engage-settings', {
        reason: 'e2e pwa',
        download: { android: 'https://example.com/app.apk', ios: null },
      })
    ).code,
  ).toBe(200);
  try {
    await open(page, '/pages/download/download');
    await expect(page.getByRole('heading', { name: text('account', 'en', 'download.installTitle') })).toBeVisible();
    const links = page.getByTestId('download-links');
    await expect(links.getByRole('link', { name: text('account', 'en', 'download.androidLink') })).toHaveAttribute(
      'href',
      'https://example.com/app.apk',
    );
    await expect(links.getByRole('link', { name: text('account', 'en', 'download.iosLink') })).toHaveCount(0);
    // No install offer in this browser: the steps to add it by hand instead of a button.
    await expect(page.getByTestId('install-button')).toHaveCount(0);
    await expect(page.getByTestId('install-manual')).toBeVisible();
  } finally {
    await admin('/admin/engage-settings', { reason: 'e2e pwa', download: { android: null, ios: null } });
  }
  await page.reload();
  await expect(page.getByTestId('install-manual')).toBeVisible();
  await expect(page.getByTestId('download-links')).toHaveCount(0);
});

const SHOTS: Array<{ lang: Lang; width: number; axe: boolean }> = [
  { lang: 'en', width: 390, axe: false },
  { lang: 'zh', width: 390, axe: false },
  { lang: 'de', width: 360, axe: true },
  { lang: 'th', width: 360, axe: true },
];

for (const { lang, width, axe } of SHOTS) {
  test(`Home and download at ${width} px in ${lang}${axe ? ', axe clean' : ''}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 844 });
    await page.addInitScript((l) => localStorage.setItem('lang', l), lang);
    mkdirSync(path.join(e2eDir, 'screenshots'), { recursive: true });
    await open(page, '/');
    await expect(page.getByRole('region', { name: text('account', lang, 'homeBanner.label') })).toBeVisible();
    await page.locator('[data-widget="trade/quotes-strip"]').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('quotes-strip')).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    if (axe) expect.soft(await seriousViolations(page), `${lang} Home`).toEqual([]);
    else await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `pwa-home-${lang}-${width}.png`);
    await keepScreenshot(page, `pwa-home-${lang}-${width}-full.png`, { fullPage: true });

    await open(page, '/pages/download/download');
    await expect(page.getByRole('heading', { name: text('account', lang, 'download.installTitle') })).toBeVisible();
    if (axe) expect.soft(await seriousViolations(page), `${lang} download`).toEqual([]);
    else await settled(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await keepScreenshot(page, `pwa-download-${lang}-${width}.png`);
  });
}
