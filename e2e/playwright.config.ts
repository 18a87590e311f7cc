import { defineConfig } from '@playwright/test';

/**
 * The long tier: whole-server and whole-web work (three nodes behind nginx, the previous version beside this one,
 * releases, deploys and rollbacks, a remote rebuilt with a page more), minutes each, and the accessibility sweep
 * of every screen in ten languages (each journey spec checks its own screens with axe in English already), and the
 * first-hour screens saved at two phone widths in four languages.
 * `pnpm test` runs the journeys; `pnpm test:long` runs these.
 */
const LONG = [
  '**/cluster.spec.ts',
  '**/version-skew.spec.ts',
  '**/release.spec.ts',
  '**/deploy.spec.ts',
  '**/add-a-page.spec.ts',
  '**/accessibility.spec.ts',
  '**/first-hour-screens.spec.ts',
];

/** Debian's Chromium (no browser download here), phone-sized, against the real server started in global setup. */
export default defineConfig({
  projects: [
    { name: 'journeys', testIgnore: LONG },
    { name: 'long', testMatch: LONG },
  ],
  testDir: './specs',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './.tmp/test-results',
  use: {
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
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
