import { defineConfig, mergeConfig } from 'vitest/config';

/** The one Vitest setup of every browser-side package: components rendered in jsdom, CSS module names kept plain. */
const jsdom = defineConfig({
  test: {
    // A worker's files share one process and its imported modules (React, i18next, the app's own): the unit tier
    // took about 70 s instead of 180 s here. Each file starts with empty storage (vitest.setup.ts); Testing Library
    // unmounts after each test.
    isolate: false,
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
    // A page test renders a whole screen in jsdom and clicks through it: on a busy 2-core machine that can pass
    // Vitest's default 5 s, and a slow machine is not a failure (no test here measures time).
    testTimeout: 20_000,
  },
});

export default jsdom;

/**
 * For the packages with tests that replace a module by vi.mock (trade's charts, app-kit's remote loading): a mock
 * reaches only a module imported after it, so each file gets its own module graph. The root's run splits them
 * (vitest.config.ts).
 */
export const isolatedJsdom = mergeConfig(jsdom, defineConfig({ test: { isolate: true } }));
