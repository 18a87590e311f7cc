#!/usr/bin/env node
/**
 * `pnpm test` runs the fast tier, `pnpm test:long` the long one: each step in turn, stopping at the first that
 * fails, then a line per step with its time. With TEST_TIMES set to a file (.ci/run sets it), each step's line is
 * appended there too, so a run of both tiers ends with one table. What each step holds: docs/testing.md.
 */
import { spawnSync } from 'node:child_process';
import { appendFileSync } from 'node:fs';

const pnpm = (...args) => ['pnpm', ...args];

const TIERS = {
  fast: [
    ['lint', 'ESLint, Prettier, every package type-checked', pnpm('lint')],
    ['unit', 'front-end apps and packages, one Vitest run', pnpm('test:unit')],
    ['server', 'server unit and integration suites, embedded PostgreSQL', pnpm('--filter', '@app/server', 'test')],
    ['e2e journeys', 'Playwright in Chromium against the built app', pnpm('--filter', '@app/e2e', 'test')],
  ],
  long: [
    [
      'server long',
      'kill cycles, stalls, lifecycle, the cluster behind nginx',
      pnpm('--filter', '@app/server', 'test:long'),
    ],
    [
      'external PostgreSQL',
      "the suites whose SQL meets the server's version, on DATABASE_URL",
      pnpm('--filter', '@app/server', 'test:external'),
    ],
    ['e2e long', 'releases, deploys, version skew, the sweeps', pnpm('--filter', '@app/e2e', 'test:long')],
  ],
};

const tier = process.argv[2];
const steps = TIERS[tier];
if (!steps) {
  console.error(`usage: node tools/test-tiers/run.mjs ${Object.keys(TIERS).join('|')}`);
  process.exit(2);
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const done = [];
let failed;
for (const [name, what, [command, ...args]] of steps) {
  console.log(`\n== ${tier}: ${name} (${what})`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit' });
  const line = `${tier.padEnd(5)} ${name.padEnd(20)} ${seconds(Date.now() - started).padStart(7)}`;
  done.push(line);
  if (process.env.TEST_TIMES) appendFileSync(process.env.TEST_TIMES, `${line}\n`);
  if (result.status !== 0) {
    failed = `${name} failed (exit ${result.status ?? result.signal})`;
    break;
  }
}
console.log(`\n== ${tier} tier, time per step:\n${done.join('\n')}`);
if (failed) {
  console.error(`== ${failed}`);
  process.exit(1);
}
