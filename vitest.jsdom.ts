import { defineConfig } from 'vitest/config';

/** The one Vitest setup of every browser-side package: components rendered in jsdom, CSS module names kept plain. */
export default defineConfig({
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // A page test renders a whole screen in jsdom and clicks through it: on a busy 2-core machine that can pass
    // Vitest's default 5 s, and a slow machine is not a failure (no test here measures time).
    testTimeout: 20_000,
  },
});
