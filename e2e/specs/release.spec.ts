import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { open } from '../support/app.ts';
import { repoRoot } from '../support/paths.ts';
import { useSession } from '../support/session.ts';
import { webWillChange } from '../support/web-build.ts';

/**
 * `pnpm release <app>`, one team's pipeline, against the running e2e server: checks, build, deploy, smoke test;
 * a release whose smoke test fails is rolled back by the pipeline itself.
 */
const webDir = () => process.env.E2E_WEB_DIR!;
const liveEntry = (remote: string) =>
  (JSON.parse(readFileSync(path.join(webDir(), 'remotes.json'), 'utf8')) as Record<string, string>)[remote]!;

function release(app: string, ...extra: string[]) {
  const run = spawnSync(
    process.execPath,
    [
      'tools/web/src/pipeline/release.mjs',
      app,
      '--base',
      process.env.E2E_BASE_URL!,
      '--token',
      process.env.E2E_TOKEN!,
      ...extra,
    ],
    { cwd: repoRoot, env: { ...process.env, WEB_DIR: webDir() }, encoding: 'utf8', timeout: 300_000 },
  );
  return { status: run.status, out: `${run.stdout}\n${run.stderr}` };
}

test.beforeAll(() => webWillChange(webDir()));

test('a remote goes through checks, build, deploy and its smoke test, and is live', async ({ page }) => {
  test.setTimeout(420_000);
  const before = liveEntry('account');
  const run = release('account');
  expect(run.status, run.out).toBe(0);
  expect(run.out).toMatch(/> lint apps\/account[\s\S]*> typecheck @app\/account[\s\S]*> unit tests @app\/account/);
  expect(run.out).toContain('ok   /pages/login/login');
  expect(run.out).toMatch(/RELEASED account \d{8}-\d{6}-[0-9a-f]{6}/);
  const after = liveEntry('account');
  expect(after).not.toBe(before);
  await useSession(page, process.env.E2E_TOKEN!);
  await open(page, '/pages/user/user');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a release whose smoke test fails is rolled back to the version that was live', async ({ page }) => {
  test.setTimeout(300_000);
  const before = liveEntry('account');
  // A team's bad change: one page of the remote throws when it renders.
  const source = path.join(repoRoot, 'apps/account/src/routes/customer-page.tsx');
  const good = readFileSync(source, 'utf8');
  writeFileSync(
    source,
    good.replace(
      /export default function (\w+)\(([^)]*)\) \{/,
      "export default function $1($2) {\n  throw new Error('a broken release');",
    ),
  );
  expect(readFileSync(source, 'utf8')).toContain('a broken release');
  let run: ReturnType<typeof release>;
  try {
    run = release('account', '--skip-checks');
  } finally {
    writeFileSync(source, good);
  }
  expect(run.status, run.out).toBe(1);
  expect(run.out).toContain('FAIL /pages/customer/customer');
  expect(run.out).toContain('SMOKE TEST FAILED');
  expect(run.out).toContain('NOT RELEASED account');
  expect(liveEntry('account')).toBe(before);
  await useSession(page, process.env.E2E_TOKEN!);
  await open(page, '/pages/customer/customer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
});

test('the shell is released on its own and smoke-tested', () => {
  test.setTimeout(300_000);
  const remotesBefore = readFileSync(path.join(webDir(), 'remotes.json'), 'utf8');
  const run = release('shell', '--skip-checks');
  expect(run.status, run.out).toBe(0);
  expect(run.out).toContain('RELEASED shell');
  expect(readFileSync(path.join(webDir(), 'remotes.json'), 'utf8')).toBe(remotesBefore);
});
