import { defineConfig } from 'vitest/config';

/**
 * A worker's files share one process in the jsdom packages (vitest.jsdom.ts, `isolate: false`), but a vi.mock reaches
 * only a module imported after it: these files replace a module another file of the same worker may have imported
 * already (lightweight-charts, the stream hooks, the kline fetcher, the federation runtime), so they run as a project
 * of their own, each file with its own module graph. The same files run as usual in their package's own Vitest.
 */
const OWN_MODULES = {
  'apps/trade': [
    'src/features/chart/__tests__/chart-disposal.test.tsx',
    'src/features/chart/__tests__/kline-chart.test.tsx',
    'src/features/chart/__tests__/use-kline.test.tsx',
    'src/features/alerts/__tests__/alerts-sheet.test.tsx',
  ],
  'packages/app-kit': ['src/__tests__/remote-module.test.tsx'],
};

const split = Object.entries(OWN_MODULES).flatMap(([dir, files]) => [
  {
    extends: `./${dir}/vitest.config.ts`,
    root: `./${dir}`,
    test: { name: `@app/${dir.split('/')[1]}`, exclude: ['**/node_modules/**', ...files], isolate: false },
  },
  {
    extends: `./${dir}/vitest.config.ts`,
    root: `./${dir}`,
    test: { name: `@app/${dir.split('/')[1]} (vi.mock)`, include: files, isolate: true },
  },
]);

/**
 * Every front-end app's and package's unit tests in one Vitest run (`pnpm test:unit`): one pool of workers for all
 * of them instead of a Vitest start per package. Each project keeps its own config. The server's suites need their
 * PostgreSQL and run on their own (`pnpm --filter @app/server test`).
 */
export default defineConfig({
  test: {
    projects: [
      'apps/*',
      'packages/*',
      'tools/*',
      '!apps/server',
      ...Object.keys(OWN_MODULES).map((d) => `!${d}`),
      ...split,
    ],
    maxWorkers: 2,
    // The worker reuse across files is decided here for the whole run (a project's `isolate: false` alone did not
    // speed it up): 181 s to 71 s here. Files are still grouped by project; a shuffled order runs as slowly as before.
    isolate: false,
  },
});
