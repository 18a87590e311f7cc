import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { repoRoot, webCli } from '../support/paths.ts';
import { useSession } from '../support/session.ts';
import { webWillChange } from '../support/web-build.ts';

const webDir = () => process.env.E2E_WEB_DIR!;
const remotes = () => JSON.parse(readFileSync(path.join(webDir(), 'remotes.json'), 'utf8')) as Record<string, string>;
const versionOf = (manifestUrl: string) => manifestUrl.split('/').at(-2)!;

function web(...args: string[]) {
  const run = spawnSync(process.execPath, [webCli, ...args], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIR: webDir() },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr || run.stdout).toBe(0);
}

/** The version folders of the trade remote the page fetched while loading the Order tab. */
async function tradeVersionsLoaded(page: Page, action: () => Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  const onRequest = (request: { url(): string }) => {
    const match = request.url().match(/\/h5\/remotes\/trade\/([^/]+)\//);
    if (match?.[1]) seen.add(match[1]);
  };
  page.on('request', onRequest);
  await action();
  await expect(page.getByRole('tab', { name: 'Contract orders' })).toBeVisible();
  page.off('request', onRequest);
  return seen;
}

test.beforeAll(() => webWillChange(webDir()));

test('a new version of one remote is picked up on reload without rebuilding the shell, and rollback works', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await useSession(page, process.env.E2E_TOKEN!);
  const shellIndex = path.join(webDir(), 'shell/index.html');
  const shellBefore = { text: readFileSync(shellIndex, 'utf8'), mtime: statSync(shellIndex).mtimeMs };
  const before = remotes();

  expect(await tradeVersionsLoaded(page, () => open(page, '/pages/user/order'))).toEqual(
    new Set([versionOf(before.trade!)]),
  );

  // Publish a new trade while the server runs.
  web('deploy-remote', 'trade');
  const after = remotes();
  expect(versionOf(after.trade!)).not.toBe(versionOf(before.trade!));
  for (const name of ['invest', 'wallet', 'account']) expect(after[name]).toBe(before[name]);

  expect(await tradeVersionsLoaded(page, () => page.reload())).toEqual(new Set([versionOf(after.trade!)]));

  // The shell was not rebuilt or replaced.
  expect(readFileSync(shellIndex, 'utf8')).toBe(shellBefore.text);
  expect(statSync(shellIndex).mtimeMs).toBe(shellBefore.mtime);

  // Roll back: the previous version is live again at the next reload.
  web('rollback-remote', 'trade');
  expect(remotes().trade).toBe(before.trade);
  expect(await tradeVersionsLoaded(page, () => page.reload())).toEqual(new Set([versionOf(before.trade!)]));
});
