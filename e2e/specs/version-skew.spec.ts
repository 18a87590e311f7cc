import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { base } from '../support/app.ts';
import { buildAtCommit, copyBuild, previousLandedVersionOf, type PreviousBuild } from '../support/previous-version.ts';
import { registerByApi } from '../support/session.ts';
import { webWillChange } from '../support/web-build.ts';

/**
 * Version skew, as independent releases produce it: the previous version of the remotes (built from git history
 * with that commit's own sources and tools) under the current shell, and the current remotes under the previous
 * shell, through the journey's key screens. A change of a shared package that breaks either direction fails here
 * before it lands. "Previous" is the last landed commit (e2e/skew-baseline) when it holds another version of the
 * shell, else the last committed version of apps/shell before the current one; the remotes come from that commit.
 */

const webDir = () => process.env.E2E_WEB_DIR!;
const remotesFile = () => path.join(webDir(), 'remotes.json');
const SKEWED = ['trade', 'account'] as const;

const commit = previousLandedVersionOf('apps/shell');
let previous: PreviousBuild | undefined;

// Not serial: a failure in one direction must not hide the other (workers: 1, so the two never overlap; after a
// failure the next worker builds the previous version again).

test.beforeAll(() => webWillChange(webDir()));

test.beforeAll(async () => {
  test.setTimeout(600_000);
  if (commit) previous = buildAtCommit(commit, ['shell', ...SKEWED]);
});
test.afterAll(() => previous?.cleanup());

/** Log in through the screens, see Mine, go round the tab bar, open a product page. */
async function journey(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await screens(page, errors);
  } catch (error) {
    // Say what broke: the uncaught errors of the skewed pages (a missing shared export, a changed contract).
    const thrown = errors.length ? `\nuncaught page errors: ${[...new Set(errors)].join(' | ')}` : '';
    if (error instanceof Error) error.message = `version skew broke the journey${thrown}\n${error.message}`;
    throw error;
  }
}

async function screens(page: Page, errors: string[]) {
  const user = await registerByApi(`skew${Date.now().toString(36)}`);
  await page.goto(`${base()}/h5/#/pages/login/login?redirect=${encodeURIComponent('/pages/user/user')}`);
  await expect(page.getByLabel('Account or phone')).toBeVisible();
  await page.getByLabel('Account or phone').fill(user.account);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByText(user.account).first()).toBeVisible();
  const tabs = page
    .getByRole('navigation')
    .filter({ has: page.locator('a[href="#/pages/user/user"]') })
    .last();
  await tabs.getByRole('link', { name: 'Order' }).click();
  await expect(page.getByRole('tab', { name: 'Contract orders' })).toBeVisible();
  await tabs.getByRole('link', { name: 'Project' }).click();
  await expect(page.locator('h1, main h2').first()).toBeVisible();
  await page.goto(`${base()}/h5/#/pages/trade/trade?symbol=${encodeURIComponent('BTC/USDT')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'BTC/USDT' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Buy rise' })).toBeVisible();
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  expect(errors).toEqual([]);
}

test('the previous version of the remotes works under the current shell', async ({ page }) => {
  test.skip(!previous, 'the history holds no earlier version of the shell to compare with');
  test.setTimeout(180_000);
  const live = readFileSync(remotesFile(), 'utf8');
  try {
    const entries = JSON.parse(live) as Record<string, string>;
    for (const remote of SKEWED) {
      const version = `previous-${previous!.commit.slice(0, 8)}`;
      copyBuild(previous!.outDir(remote), path.join(webDir(), 'remotes', remote, version));
      entries[remote] = `/h5/remotes/${remote}/${version}/remoteEntry.js`;
    }
    writeFileSync(remotesFile(), JSON.stringify(entries, null, 2));
    await journey(page);
  } finally {
    writeFileSync(remotesFile(), live);
  }
});

test('the current remotes work under the previous shell', async ({ page }) => {
  test.skip(!previous, 'the history holds no earlier version of the shell to compare with');
  test.setTimeout(180_000);
  const shellDir = path.join(webDir(), 'shell');
  const keep = ['index.html', 'boot-assets.json'].map((name) => {
    const file = path.join(shellDir, name);
    try {
      return { file, content: readFileSync(file) };
    } catch {
      return { file, content: null };
    }
  });
  try {
    // The previous shell's hashed files join the current ones; its index.html replaces the current one.
    copyBuild(previous!.outDir('shell'), shellDir, ['index.html', 'boot-assets.json']);
    await journey(page);
  } finally {
    for (const { file, content } of keep) if (content) writeFileSync(file, content);
  }
});
