import { defineConfig } from 'vitest/config';
import { serverTestOptions } from './vitest.config.ts';

/**
 * The long tier (`pnpm test:long`): whole servers started, killed, stalled and run three at a time behind nginx.
 * Each of these files holds a real server process for minutes, so they stay out of the everyday run.
 */
export default defineConfig({
  test: {
    ...serverTestOptions,
    include: [
      'test/crash/**/*.test.ts',
      'test/cluster/**/*.test.ts',
      'test/upgrade/**/*.test.ts',
      'test/recovery/**/*.test.ts',
      'test/docs/**/*.test.ts',
    ],
  },
});
