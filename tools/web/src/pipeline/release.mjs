#!/usr/bin/env node
/**
 * `pnpm release <app>`: one team's release pipeline, for a remote (trade, invest, wallet, account) or the shell.
 *   1. checks: ESLint and Prettier over the app's folder, its typecheck and its unit tests;
 *   2. build and deploy: a remote is published into a new versioned folder and its remotes.json entry switched
 *      (tools/web deploy-remote, with its size budget); the shell's index.html is replaced (deploy-shell);
 *   3. smoke test: every route the app owns, in Chromium at 390x844, against the running server (--base, with
 *      --token for the pages behind login), or against a server this command starts on a fresh data dir;
 *   4. verdict: on a failed smoke test the release is rolled back at once (the previous remote version, or the
 *      previous shell index) and the command exits 1.
 * Options: --base <url> (or RELEASE_BASE_URL), --token <session token> (or RELEASE_TOKEN), --skip-checks.
 * WEB_DIR names the built web (default dist/web).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { writeAtomic } from '../fs-atomic.mjs';
import { registerUser, startLocalServer } from '../local-server.mjs';
import { deployRemote, releases, rollbackRemote } from '../remotes.mjs';
import { deployShell } from '../shell.mjs';
import { REMOTES, repoRoot, webDir } from '../web-paths.mjs';
import { smokeTest } from './smoke.mjs';

const APPS = ['shell', ...REMOTES];

function run(label, command, args) {
  console.log(`\n> ${label}`);
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', env: process.env });
  if (result.status !== 0) throw new Error(`${label} failed`);
}

function checks(app) {
  const dir = `apps/${app}`;
  // The caches `pnpm lint` keeps: a file linted and formatted unchanged since is not read again (CI's lint step has
  // just checked the whole tree), and a changed one is, by its size and time (ESLint) or its content (Prettier).
  run(`lint ${dir}`, 'pnpm', [
    'exec',
    'eslint',
    '--cache',
    '--cache-location',
    'node_modules/.cache/eslint/',
    '--max-warnings=0',
    dir,
  ]);
  run(`format ${dir}`, 'pnpm', ['exec', 'prettier', '--check', '--cache', dir]);
  // The native compiler the lint step uses (tools/typecheck), a third of TypeScript 6's time.
  run(`typecheck @app/${app}`, process.execPath, ['tools/typecheck/run.mjs', dir]);
  run(`unit tests @app/${app}`, 'pnpm', ['--filter', `@app/${app}`, 'test']);
}

/** The live shell's entry files, so a failed shell release can be put back exactly. */
function shellSnapshot() {
  const files = ['index.html', 'boot-assets.json'].map((name) => path.join(webDir(), 'shell', name));
  return files.filter(existsSync).map((file) => ({ file, content: readFileSync(file) }));
}

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      base: { type: 'string' },
      token: { type: 'string' },
      'skip-checks': { type: 'boolean', default: false },
    },
  });
  const app = positionals[0];
  if (!APPS.includes(app))
    throw new Error(`usage: pnpm release <${APPS.join('|')}> [--base URL] [--token T] [--skip-checks]`);
  console.log(`release ${app} into ${webDir()}`);

  if (!values['skip-checks']) checks(app);

  console.log('\n> build and deploy');
  const before = app === 'shell' ? shellSnapshot() : null;
  const version = app === 'shell' ? (await deployShell(), '') : await deployRemote(app);
  const released = version ? `${app} ${version}` : app;

  let server;
  let base = values.base ?? process.env.RELEASE_BASE_URL;
  let token = values.token ?? process.env.RELEASE_TOKEN;
  try {
    if (!base) {
      console.log('\n> starting a server on a fresh data dir for the smoke test');
      server = await startLocalServer(webDir());
      base = server.base;
      token ??= await registerUser(server);
    }
    console.log(`\n> smoke test of ${app} against ${base}`);
    const failures = await smokeTest({ app, base, token });
    if (failures.length === 0) {
      console.log(
        `\nRELEASED ${released}: ${app === 'shell' ? 'the new shell is live' : 'its remotes.json entry points at it'}`,
      );
      return 0;
    }
    console.log(`\nSMOKE TEST FAILED on ${failures.length} route(s): rolling back`);
    if (app === 'shell') {
      for (const { file, content } of before ?? []) await writeAtomic(file, content);
      console.log('shell: the previous index.html is live again');
    } else {
      await rollbackRemote(app);
      console.log(`${app}: ${(await releases(app)).current} is live again`);
    }
    console.log(`\nNOT RELEASED ${released}`);
    return 1;
  } finally {
    await server?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`\nNOT RELEASED: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
