#!/usr/bin/env node
/**
 * `pnpm test` runs the fast tier, `pnpm test:long` the long one, then a line per step with its time. With TEST_TIMES
 * set to a file (.ci/run sets it), each step's line is appended there too, so a run of both tiers ends with one
 * table. What each step holds: docs/testing.md.
 *
 * A tier is one or more lanes run side by side, each lane its steps in turn, stopping at the first that fails. Lint
 * is mostly one core's work (ESLint and Prettier are single-threaded), so it runs beside the unit and server suites
 * rather than before them; its lane then builds the web and runs the journeys, which so start as soon as the build
 * they need is made and take up the core the server suite leaves idle while it waits on its databases. The long
 * tier's server suites mostly wait (for a killed server to start again, a settlement second, a stalled database), so
 * they share the two cores with the long e2e specs instead of taking their own six minutes. The first lane writes to
 * the terminal as it goes; every other lane's output is kept and printed when it ends, so the lines of two runners
 * never interleave.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, createWriteStream, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const pnpm = (...args) => ['pnpm', ...args];

const TIERS = {
  fast: [
    [
      ['lint', 'ESLint, Prettier, every package type-checked', pnpm('lint')],
      ['web build', 'the web and the console, for the journeys', pnpm('--filter', '@app/e2e', 'build:web')],
      ['e2e journeys', 'Playwright in Chromium against the built app', pnpm('--filter', '@app/e2e', 'test')],
    ],
    [
      ['unit', 'front-end apps and packages, one Vitest run', pnpm('test:unit')],
      ['server', 'server unit and integration suites, embedded PostgreSQL', pnpm('--filter', '@app/server', 'test')],
    ],
  ],
  long: [
    [['e2e long', 'releases, deploys, version skew, the sweeps', pnpm('--filter', '@app/e2e', 'test:long')]],
    [
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
    ],
  ],
};

const tier = process.argv[2];
const lanes = TIERS[tier];
if (!lanes) {
  console.error(`usage: node tools/test-tiers/run.mjs ${Object.keys(TIERS).join('|')}`);
  process.exit(2);
}

const seconds = (ms) => `${Math.round(ms / 1000)} s`;
const logs = mkdtempSync(path.join(tmpdir(), `test-${tier}-`));

/** Runs one step to its end: its output to the terminal, or appended to `log`. Resolves with its exit code. */
function runStep([command, ...args], log) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (log) {
      const out = createWriteStream(log, { flags: 'a' });
      child.stdout.pipe(out, { end: false });
      child.stderr.pipe(out, { end: false });
      child.on('close', (code, signal) => out.end(() => resolve(code ?? signal)));
    } else child.on('close', (code, signal) => resolve(code ?? signal));
  });
}

const done = [];
const failed = [];
async function runLane(steps, index) {
  const log = index === 0 ? null : path.join(logs, `lane-${index}.log`);
  await runSteps(steps, log);
  if (log) process.stdout.write(readFileSync(log, 'utf8'));
}

async function runSteps(steps, log) {
  for (const [name, what, command] of steps) {
    const header = `\n== ${tier}: ${name} (${what})`;
    if (log) {
      console.log(`${header}: running beside the first lane, its output follows when it ends`);
      appendFileSync(log, `${header}\n`);
    } else console.log(header);
    const started = Date.now();
    const status = await runStep(command, log);
    const line = `${tier.padEnd(5)} ${name.padEnd(20)} ${seconds(Date.now() - started).padStart(7)}`;
    done.push(line);
    if (process.env.TEST_TIMES) appendFileSync(process.env.TEST_TIMES, `${line}\n`);
    if (status !== 0) {
      failed.push(`${name} failed (exit ${status})`);
      return;
    }
  }
}

await Promise.all(lanes.map(runLane));
console.log(`\n== ${tier} tier, time per step:\n${done.join('\n')}`);
if (failed.length) {
  console.error(failed.map((f) => `== ${f}`).join('\n'));
  process.exit(1);
}
