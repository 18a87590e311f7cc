import { defineConfig } from '@playwright/test';

/**
 * The long tier: whole-server and whole-web work (three nodes behind nginx, the previous version beside this one,
 * releases, deploys and rollbacks, a remote rebuilt with a page more), minutes each, which change the web the
 * shared server serves or start servers of their own, so they run alone; and the sweeps, which only read: every
 * screen through axe in ten languages (each journey spec checks its own screens with axe in English already), the
 * first-hour screens at two phone widths in four languages, and the home and trade screens at 390 and 360 px.
 * `pnpm test` runs the journeys; `pnpm test:long` runs these.
 */
const LONG_ALONE = [
  '**/cluster.spec.ts',
  '**/version-skew.spec.ts',
  '**/release.spec.ts',
  '**/deploy.spec.ts',
  '**/add-a-page.spec.ts',
];
const SWEEPS = [
  '**/accessibility.spec.ts',
  '**/first-hour-screens.spec.ts',
  '**/screenshots.spec.ts',
  '**/trade-screenshots.spec.ts',
];
const LONG = [...LONG_ALONE, ...SWEEPS];

/**
 * Journeys that change a setting of the shared server every other spec reads (the withdrawal window and hold, the
 * download links): they run alone, so no spec sees a setting another spec changed for a moment; first, on one worker,
 * when in `pnpm test` the server suite still runs beside them on the other core, rather than last with a core idle.
 */
const ALONE = ['**/numbers-and-plurals.spec.ts', '**/pwa.spec.ts'];

/**
 * Journeys that mostly wait for the market (a 5-second order to settle, a price alert to fire, the reality check's real
 * minute): a third worker of their own runs them from the start, beside the two that run every other journey. Last
 * in the alphabet, they used to end the run with both workers waiting on settlements and the cores 45 to 75 % busy.
 */
const SETTLING = [
  '**/reality-check.spec.ts',
  '**/quick-trade.spec.ts',
  '**/trade.spec.ts',
  '**/trade-v2.spec.ts',
  '**/trade-accessibility.spec.ts',
  '**/verify-order.spec.ts',
];

/**
 * Debian's Chromium (no browser download here), phone-sized, against the real server started in global setup.
 * `--project=journeys` runs its dependencies: first `journeys-alone` on its own, then side by side `journeys-together`,
 * every other journey two files at a time, since a journey mostly waits (for a settlement second, a server answer, an
 * animation) and each registers users of its own, and `journeys-settling` one file at a time; the trading specs get
 * one market server per worker.
 * `--project=long` runs the sweeps first, two files at a time, then the long specs that must run alone.
 */
export default defineConfig({
  projects: [
    { name: 'journeys-alone', testMatch: ALONE, workers: 1 },
    { name: 'journeys-settling', testMatch: SETTLING, dependencies: ['journeys-alone'], workers: 1 },
    {
      name: 'journeys-together',
      testIgnore: [...LONG, ...ALONE, ...SETTLING],
      dependencies: ['journeys-alone'],
      workers: 2,
    },
    // Selects every journey: its own tests are none, its dependencies all of them.
    { name: 'journeys', testMatch: /^$/, dependencies: ['journeys-settling', 'journeys-together'] },
    // Each sweep's tests (a language, a width) stand alone, so they spread over both workers too.
    { name: 'long-sweeps', testMatch: SWEEPS, workers: 2, fullyParallel: true },
    { name: 'long', testMatch: LONG_ALONE, dependencies: ['long-sweeps'], workers: 1 },
  ],
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  // Two for the journeys and one for the settling ones (each project holds to its own number below).
  workers: 3,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  // CI keeps no file of a run: a failed test's page context goes into the log (support/failure-context-reporter.ts).
  reporter: process.env.CI ? [['list'], ['./support/failure-context-reporter.ts']] : [['list']],
  outputDir: './.tmp/test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'en-US',
    // A trace records every action's snapshots and a screencast of every test, to keep only a failed one's: a quarter
    // of the suite's CPU (content and trade-accessibility: 82 s against 61 s without). CI keeps no file of a run, so
    // it records none; a failure there still prints its error and the call log that led to it.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
