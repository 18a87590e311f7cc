import { defineConfig, type ViteUserConfig } from 'vitest/config';

/** The tiers share everything but their files; see docs/testing.md. */
export const serverTestOptions: NonNullable<ViteUserConfig['test']> = {
  globalSetup: ['test/helpers/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
  pool: 'forks',
  // Two cores: two files at a time, each against a database of its own.
  maxWorkers: 2,
};

/** The fast tier (`pnpm test`): unit tests and the integration suites on the embedded PostgreSQL. */
export default defineConfig({
  test: {
    ...serverTestOptions,
    // The files of a worker share one process and its imported modules: importing the server once per worker,
    // not once per file, took the tier from about 310 s to 215 s. Each file still has a database of its own, and
    // what a module keeps of one database (the ledger's known accounts) is forgotten with it
    // (test/helpers/test-database.ts).
    isolate: false,
    include: [
      'src/**/*.test.ts',
      'test/integration/**/*.test.ts',
      'test/ledger/**/*.test.ts',
      'test/architecture/**/*.test.ts',
    ],
  },
});
