import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROME, CHROME_FLAGS as FLAGS } from '../chromium.mjs';
import { REMOTES_URL, repoRoot, webDir } from '../web-paths.mjs';

/**
 * The routes an app owns: for a remote, the pages its live version declares (its boot-assets.json in the web
 * dir, as the server hands them to the shell); for the shell, Home, every tab it composes (each a remote's page
 * inside the shell's frame) and its not-found page.
 * @param {string} app
 * @param {string} [dir] the built web
 * @returns {string[]}
 */
export function routesOf(app, dir = webDir()) {
  if (app === 'shell') {
    const own = JSON.parse(readFileSync(path.join(repoRoot, 'apps/shell/src/app/shell-routes.json'), 'utf8'));
    return [...new Set(Object.values(own.tabs).flat()), '/no/such/page'];
  }
  const entry = JSON.parse(readFileSync(path.join(dir, 'remotes.json'), 'utf8'))[app];
  if (typeof entry !== 'string' || !entry.startsWith(`${REMOTES_URL}/`)) throw new Error(`${app} is not live`);
  const versionDir = path.join(dir, 'remotes', path.dirname(entry.slice(REMOTES_URL.length + 1)));
  const assets = JSON.parse(readFileSync(path.join(versionDir, 'boot-assets.json'), 'utf8'));
  if (!Array.isArray(assets.routes)) throw new Error(`${app}: its live version declares no pages`);
  return assets.routes.map((/** @type {{ path: string }} */ r) => r.path);
}

/**
 * Opens every route of an app in Chromium at 390x844 (logged in when a token is given) against a running server
 * and checks that each renders its page: a heading shows, the remote's "could not be loaded" view does not, and
 * nothing throws. Returns the failures (empty when the app is healthy).
 */
export async function smokeTest({ app, base, token, log = console.log }) {
  const failures = [];
  const browser = await chromium.launch({ executablePath: CHROME, args: FLAGS });
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    if (token) await context.addInitScript((t) => localStorage.setItem('token', t), token);
    for (const route of routesOf(app)) {
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      try {
        await page.goto(`${base}/h5/#${route}`);
        await page.locator('h1, main h2').first().waitFor({ state: 'visible', timeout: 20_000 });
        await page.waitForLoadState('networkidle', { timeout: 20_000 }).catch(() => {});
        const failed = await page.getByText('This page could not be loaded').count();
        if (failed) errors.push('the remote error view is shown');
        // A page behind login without a session lands on Log in, which would pass unseen: say so instead.
        const landed = new URL(page.url()).hash.slice(1).split('?')[0];
        if (landed !== route) errors.push(`redirected to ${landed}${token ? '' : ' (no session: pass --token)'}`);
      } catch (error) {
        errors.push(`no page rendered (${error instanceof Error ? error.message.split('\n')[0] : error})`);
      }
      await page.close();
      log(`  ${errors.length ? 'FAIL' : 'ok  '} ${route}${errors.length ? `: ${errors.join('; ')}` : ''}`);
      if (errors.length) failures.push({ route, errors });
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return failures;
}
