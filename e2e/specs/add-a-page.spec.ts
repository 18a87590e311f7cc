import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { open } from '../support/app.ts';
import { repoRoot, webCli } from '../support/paths.ts';
import { useSession } from '../support/session.ts';
import { webWillChange } from '../support/web-build.ts';

/**
 * The design's promise that each remote releases alone, for a new page: a page added to a remote (declared once,
 * in its routes module) is published with that remote's release and opens under the shell as it was, whose files
 * are not touched. The invest remote is copied into a folder of its own (inside apps/invest, so its dependencies
 * resolve as they do for the real one), the page added there, and the copy released with the web tools.
 */

const webDir = () => process.env.E2E_WEB_DIR!;
const remotes = () => JSON.parse(readFileSync(path.join(webDir(), 'remotes.json'), 'utf8')) as Record<string, string>;
const NEW_PATH = '/pages/project/added';
const HEADING = 'A page released with its remote alone';
const notFound = (page: Page) => page.getByRole('heading', { level: 1, name: 'Page not found' });

function web(...args: string[]) {
  const run = spawnSync(process.execPath, [webCli, ...args], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIR: webDir() },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr || run.stdout).toBe(0);
}

/** A copy of the invest remote with one page more. */
function inventVariant(dir: string) {
  const app = path.join(repoRoot, 'apps/invest');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const entry of ['src', 'package.json', 'rspack.config.mjs', 'index.html', 'tsconfig.json'])
    cpSync(path.join(app, entry), path.join(dir, entry), { recursive: true });
  writeFileSync(
    path.join(dir, 'src/routes/added-page.tsx'),
    `export default function AddedPage() {\n  return (\n    <main>\n      <h1>${HEADING}</h1>\n    </main>\n  );\n}\n`,
  );
  const routesModule = path.join(dir, 'src/exposes/routes.tsx');
  const declared = readFileSync(routesModule, 'utf8');
  const added = declared.replace(
    'export const PAGES = [',
    `export const PAGES = [\n  page({\n    path: '${NEW_PATH}',\n    load: () => import(/* webpackChunkName: "page-pages-project-added" */ '../routes/added-page.tsx'),\n  }),`,
  );
  expect(added, 'the invest remote declares its pages in PAGES').not.toBe(declared);
  writeFileSync(routesModule, added);
}

test.beforeAll(() => webWillChange(webDir()));

test('a page added to one remote opens after releasing that remote alone, under the unchanged shell', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const variant = path.join(repoRoot, 'apps/invest/.tmp/add-a-page');
  const shellIndex = path.join(webDir(), 'shell/index.html');
  const shellBefore = { text: readFileSync(shellIndex, 'utf8'), mtime: statSync(shellIndex).mtimeMs };
  const before = remotes();
  await useSession(page, process.env.E2E_TOKEN!);

  await open(page, NEW_PATH);
  await expect(notFound(page)).toBeVisible();

  try {
    inventVariant(variant);
    web('deploy-remote', 'invest', '--from', variant);
    const after = remotes();
    expect(after.invest).not.toBe(before.invest);
    for (const name of ['trade', 'wallet', 'account']) expect(after[name]).toBe(before[name]);

    // The new page's chunk is preloaded by the boot script as soon as the page is opened, like any other page.
    const chunk = page.waitForRequest(/\/h5\/remotes\/invest\/[^/]+\/page-pages-project-added\.[0-9a-f]+\.js$/);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: HEADING })).toBeVisible();
    await chunk;
    await expect(notFound(page)).toHaveCount(0);
    // The remote's other pages still open from the same release.
    await open(page, '/pages/project/project');
    await expect(page.locator('h1, main h2').first()).toBeVisible();
    await expect(page.getByText('This page could not be loaded')).toHaveCount(0);

    // Nothing of the shell was rebuilt or replaced.
    expect(readFileSync(shellIndex, 'utf8')).toBe(shellBefore.text);
    expect(statSync(shellIndex).mtimeMs).toBe(shellBefore.mtime);
  } finally {
    rmSync(variant, { recursive: true, force: true });
    if (readdirSync(path.dirname(variant)).length === 0) rmSync(path.dirname(variant), { recursive: true });
  }

  // Rolling the remote back takes the page away again, still without the shell.
  web('rollback-remote', 'invest');
  expect(remotes().invest).toBe(before.invest);
  await open(page, '/');
  await open(page, NEW_PATH);
  await page.reload();
  await expect(notFound(page)).toBeVisible();
});
